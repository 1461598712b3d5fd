"""Rule settings from people and clients: ``FIELD=VALUE`` texts and the keywords of a ``Rules`` (internal).

One copy of the rules-building logic, read by :meth:`naipes.plugin.GamePlugin.rules`
(and through it by the command line and the web server): a setting must name a
field of the game's ``Rules``; a field that holds several values also takes
comma-separated text; ``players`` must be a count the game takes.

>>> parse_settings(["scope=hand", "envio_limit=3", "teams=false", "specials=[\\"real\\"]"])
{'scope': 'hand', 'envio_limit': 3, 'teams': False, 'specials': ('real',)}

.. versionadded:: 1.2
   Moved here from the command line's ``naipes._cli_games``.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import attrs

from naipes.errors import RulesError, UsageError

if TYPE_CHECKING:
    from naipes.registry import GameInfo

__all__ = ["MAX_RULE_DEPTH", "MAX_RULE_TEXT", "counts_words", "option_names_of", "parse_settings", "rules_kwargs"]

#: The longest ``--rule`` value, in characters.
MAX_RULE_TEXT = 4096
#: The deepest nesting of lists and objects in a ``--rule`` value.
MAX_RULE_DEPTH = 8


def option_names_of(rules_type: type[Any]) -> list[str]:
    """The fields of a ``Rules`` class (none when it is not an attrs class)."""
    return [f.name for f in attrs.fields(rules_type)] if attrs.has(rules_type) else []


def rules_kwargs(info: GameInfo, rules_type: type[Any], players: int | None,
                 settings: Mapping[str, object] | None, optional: Mapping[str, object]) -> dict[str, object]:
    """The keywords to build ``rules_type`` with, every setting checked against its fields.

    Args:
        info: the game (for its name and player counts in messages).
        rules_type: the game's ``Rules`` class.
        players: the number of players, or ``None`` for the default.
        settings: fields to set; a field the rules do not have is an error.
        optional: fields to set only where the rules have them.

    Raises:
        RulesError: for a player count the game does not take, or an unknown field.
    """
    fields = {f.name: f for f in attrs.fields(rules_type)} if attrs.has(rules_type) else {}
    kwargs = {k: v for k, v in optional.items() if k in fields}
    for key, value in (settings or {}).items():
        if key not in fields:
            raise RulesError(f"{info.name}'s rules have no option {key!r} "
                             f"(options: {', '.join(fields) or 'none'})")
        kwargs[key] = _listed(value) if _is_collection(fields[key]) else value
    if players is not None:
        if isinstance(players, bool) or players not in info.player_counts:
            raise RulesError(f"{info.name} is for {counts_words(info)} players, not {players}")
        if "players" not in fields:
            raise RulesError(f"{info.name}'s rules have no players option")
        kwargs["players"] = players
    return kwargs


def counts_words(info: GameInfo) -> str:
    """The player counts of a game in words: ``2 or 4``, ``3 to 4``, ``2 to 32``.

    >>> from naipes.registry import find_game
    >>> counts_words(find_game("machuco")), counts_words(find_game("macarra"))
    ('2 or 4', '2 to 32')
    """
    counts = info.player_counts
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(map(str, counts)) if len(counts) <= 2 else ", ".join(map(str, counts))


def parse_settings(items: Sequence[str] | None) -> dict[str, object]:
    """``FIELD=VALUE`` texts as a dict; values are read as JSON when they can be, else as text.

    A list-valued option also takes comma-separated values: :func:`rules_kwargs`
    splits a text given to a field that holds several values. A value is at most
    :data:`MAX_RULE_TEXT` characters and nests lists and objects at most
    :data:`MAX_RULE_DEPTH` deep.

    Raises:
        RulesError: for a text without ``=``.
        UsageError: for a value too long or nested too deep (``bad_rule_value``).
    """
    out: dict[str, object] = {}
    for item in items or ():
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"--rule takes FIELD=VALUE, not {_shown(item)}")
        _check_rule_text(key.strip(), text)
        out[key.strip()] = _tupled(_json_or_text(text))
    return out


def _shown(text: str) -> str:
    """``repr(text)``, cut short for an error message."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def _json_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in ``text``, outside JSON strings.

    >>> _json_depth('[1, [2, {"a": "[[["}]]'), _json_depth("hand")
    (3, 0)
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _check_rule_text(key: str, text: str) -> None:
    if len(text) > MAX_RULE_TEXT:
        raise UsageError(f"--rule {key}: the value has {len(text):,} characters, at most {MAX_RULE_TEXT:,}",
                         code="bad_rule_value")
    if _json_depth(text) > MAX_RULE_DEPTH:
        raise UsageError(f"--rule {key}: the value nests lists or objects more than {MAX_RULE_DEPTH} deep",
                         code="bad_rule_value")


def _is_collection(field: attrs.Attribute[Any]) -> bool:
    """Whether a ``Rules`` field holds several values (a tuple, frozenset, list or set)."""
    kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", repr(field.type))
    if re.match(r"^\s*(typing\.)?(tuple|frozenset|list|set|Tuple|FrozenSet|List|Set|Sequence)\b", str(kind)):
        return True
    default = field.default
    return isinstance(default, (tuple, frozenset, list, set)) and not isinstance(default, str)


def _listed(value: object) -> object:
    """A list-valued option given as text: comma-separated values (``real,mellizos``).

    >>> _listed("real, mellizos"), _listed(""), _listed(("real",))
    (('real', 'mellizos'), (), ('real',))
    """
    if isinstance(value, str):
        return tuple(_tupled(_json_or_text(part.strip())) for part in value.split(",") if part.strip())
    if isinstance(value, (int, float, bool)):
        return (value,)
    return value


def _json_or_text(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _tupled(value: object) -> object:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value
