"""How the ``naipes`` command finds games, builds them, names bots and tells events (internal).

The conventions a game module follows to appear well in the command:

- the module named by ``GameInfo.module`` exports ``Game``, ``Rules`` and ``Move``;
- ``naipes rules GAME`` prints the rules page text: a ``RULES`` string of the
  game's ``rules`` module or of the package if there is one, else the page shipped
  as package data (``naipes/rules/<game>.rst`` for naipes' games, ``rules.rst`` in
  a third-party game's package), else the docstring of the package's ``rules``
  module, else the package docstring (doctest examples are left out); then the
  options of ``Rules`` with their defaults;
- ``Rules`` takes the number of players as a ``players`` field, if it has one;
- ``terminal_turn(game, seat, ask, say) -> Move`` (optional) runs a person's turn;
- ``describe_event(event, lang="en") -> str | None`` (optional) tells an event in words
  (``lang``: ``en`` or ``es``, where the function takes it);
- the ``describe`` module (API 1.0) may give ``render(view, *, you=True, lang="en")``
  (``you``: whether the seat is a person's, so bots' seats are not marked "you") and
  ``lower_is_better(rules, lang="en") -> str | None``: what the scores count when a
  lower score is better (Machiavelli's penalty points), else ``None``; and
  ``completions(view) -> list[str]``: what Tab completes at the seat's prompt (default:
  the legal moves, when ``GameInfo.complete_moves``).
"""

from __future__ import annotations

import enum
import importlib
import importlib.resources
import inspect
import json
import os
import re
import sys
import textwrap
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence

import attrs

from naipes.bots import Bot, RandomBot, load_bot
from naipes.errors import NaipesError, RulesError, UsageError
from naipes.events import Event
from naipes.game import Game, Move
from naipes.registry import GameInfo, find_game, games

__all__ = ["GameKit", "describe_event", "lower_is_better", "pick_demo_game", "rules_text"]

AnyGame = Game[Any, Any, Any]


@attrs.frozen
class GameKit:
    """A registered game with its imported module, and where its bots' modules may come from.

    ``bot_path``: directories (``--bot-path``) searched for ``module:Class`` bots
    besides ``sys.path``; the current directory only when it is one of them.
    """

    info: GameInfo
    module: ModuleType
    bot_path: tuple[str, ...] = ()

    @classmethod
    def find(cls, name: str, *, bot_path: Sequence[str] = ()) -> GameKit:
        """Find and import the game called ``name``.

        Raises:
            RulesError: when there is no such game, or its module lacks ``Game``/``Rules``.
        """
        info = find_game(name)
        module = info.load()
        for attr in ("Game", "Rules", "Move"):
            if not hasattr(module, attr):
                raise RulesError(f"the {info.name} module {info.module} has no {attr} yet")
        return cls(info, module, tuple(bot_path))

    def rules(self, players: int | None = None, settings: Mapping[str, object] | None = None,
              **optional: object) -> object:
        """A ``Rules`` object, with ``players`` and ``settings`` set when given.

        Args:
            players: the number of players (``Rules.players``).
            settings: fields to set; a field the rules do not have is an error.
            optional: fields to set only where the rules have them.

        Raises:
            RulesError: for a player count the game does not take, an unknown field
                or a value the rules refuse.
        """
        rules_type = self.module.Rules
        names = [f.name for f in attrs.fields(rules_type)] if attrs.has(rules_type) else []
        kwargs = {k: v for k, v in optional.items() if k in names}
        fields = {f.name: f for f in attrs.fields(rules_type)} if attrs.has(rules_type) else {}
        for key, value in (settings or {}).items():
            if key not in names:
                raise RulesError(f"{self.info.name}'s rules have no option {key!r} "
                                 f"(options: {', '.join(names) or 'none'})")
            kwargs[key] = _listed(value) if _is_collection(fields[key]) else value
        if players is not None:
            info = self.info
            if players not in info.player_counts:
                raise RulesError(f"{info.name} is for {_counts(info)} players, not {players}")
            if "players" not in names:
                raise RulesError(f"{info.name}'s rules have no players option")
            kwargs["players"] = players
        try:
            return rules_type(**kwargs)
        except (TypeError, ValueError) as exc:
            raise RulesError(f"{self.info.name}: {exc}") from exc

    def new_game(self, rules: object, seed: int | None) -> AnyGame:
        """A fresh game with these rules and seed."""
        try:
            game: AnyGame = self.module.Game(rules, seed=seed)
        except NaipesError:
            raise
        except (TypeError, ValueError) as exc:
            raise RulesError(f"{self.info.name} cannot start with {rules!r}: {exc}") from exc
        return game

    def bot(self, spec: str, seed: int | None) -> tuple[str, Bot[Any, Any]]:
        """A bot from ``best``, a registered name (``random``, ``ismcts:iterations=50``)
        or ``module:Class``, with the name to show.

        ``best`` is the registry's ``best_bot``, or a random bot (named so)
        when the game has none installed yet.

        Raises:
            NaipesError: when the bot cannot be loaded.
        """
        spec = spec.strip()
        if spec == "best":
            best = self.info.best_bot
            problem = "the game names none" if best is None else None
            if best is not None:
                try:
                    return best.rpartition(":")[2], _load_bot(best, seed, self.bot_path)
                except NaipesError as exc:
                    problem = str(exc)
            if self.info.name not in _WARNED:
                _WARNED.add(self.info.name)
                print(f"naipes: no best bot for {self.info.name} ({problem}); random bots play instead",
                      file=sys.stderr)
            return "random", RandomBot(seed)
        if spec == "random":
            return "random", RandomBot(seed)
        return _bot_label(spec), _load_bot(spec, seed, self.bot_path)

    def terminal_turn(self) -> Callable[..., Move] | None:
        """The module's ``terminal_turn`` hook, if it has one."""
        hook = getattr(self.module, "terminal_turn", None)
        return hook if callable(hook) else None

    def render(self, view: Any, *, you: bool = True, lang: str = "en") -> str:
        """The table as ``view`` shows it: the game's ``describe.render`` (told whether the
        seat is a person's, ``you``, and the language where it takes them), else ``view.render()``."""
        hook = _hook(self.module, "render")
        if hook is None:
            return str(view.render())
        return str(_call(hook, view, you=you, lang=lang))

    def completions(self, view: Any) -> list[str]:
        """What Tab completes at the seat's prompt: the game's ``describe.completions(view)``,
        else the legal moves when ``legal_moves`` lists every one."""
        hook = _hook(self.module, "completions")
        if hook is not None:
            return [str(c) for c in hook(view)]
        return [str(m) for m in view.legal_moves] if self.info.complete_moves else []

    def describe(self, event: Event, lang: str = "en") -> str | None:
        """The game's ``describe_event`` of ``event`` (in ``lang`` where it takes it)."""
        hook = _hook(self.module, "describe_event")
        if hook is None:
            return None
        text = _call(hook, event, lang=lang)
        return text if isinstance(text, str) or text is None else str(text)


_WARNED: set[str] = set()


def _bot_label(spec: str) -> str:
    """The name shown for a bot spec: the class for ``module:Class``, else the spec."""
    from naipes.bots import bot_names

    head, _, rest = spec.partition(":")
    if head in bot_names() and (not rest or "=" in rest):
        return spec
    return rest.partition(":")[0] or spec


def _hook(module: ModuleType, name: str) -> Callable[..., Any] | None:
    """``name`` of the game's ``describe`` module (API 1.0), else of the game module."""
    try:
        describe: ModuleType | None = importlib.import_module(module.__name__ + ".describe")
    except ImportError:
        describe = None
    for holder in (describe, module):
        hook = getattr(holder, name, None)
        if callable(hook):
            return hook  # type: ignore[no-any-return]
    return None


def _call(fn: Callable[..., Any], *args: object, **optional: object) -> Any:
    """``fn(*args, **optional)`` passing only the keywords ``fn`` takes."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return fn(*args)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return fn(*args, **optional)
    return fn(*args, **{k: v for k, v in optional.items() if k in params})


def _load_bot(spec: str, seed: int | None, path: Sequence[str] = ()) -> Bot[Any, Any]:
    """:func:`naipes.bots.load_bot` (any ``module:Class``, modules also from ``path``), its
    every failure one line (a ``NaipesError``)."""
    try:
        return load_bot(spec, seed=seed, modules=True, path=path)
    except NaipesError:
        raise
    except Exception as exc:  # the user's module raised while importing or building the bot
        what = " ".join(str(exc).split()) or type(exc).__name__
        raise NaipesError(f"cannot load the bot {spec!r}: {type(exc).__name__}: {what}") from exc


BOT_PATH_HELP = ("also look for the modules of module:Class bots in DIR (repeatable); "
                 "'--bot-path .' for the current directory, which is not searched otherwise")


def add_bot_path_option(parser: Any) -> None:
    """Add ``--bot-path DIR`` (repeatable) to a command's parser."""
    parser.add_argument("--bot-path", action="append", metavar="DIR", default=None, help=BOT_PATH_HELP)


def bot_path(dirs: Sequence[str] | None) -> tuple[str, ...]:
    """The ``--bot-path`` directories, absolute and checked.

    Raises:
        UsageError: for a directory that is not there (``bad_bot_path``).
    """
    out: list[str] = []
    for directory in dirs or ():
        full = os.path.realpath(directory)
        if not os.path.isdir(full):
            raise UsageError(f"--bot-path {directory}: not a directory", code="bad_bot_path")
        if full not in out:
            out.append(full)
    return tuple(out)


def lower_is_better(kit: GameKit, rules: object = None, lang: str = "en") -> str | None:
    """What the game's scores count when lower is better (``penalty points``), else ``None``.

    Asks the game's ``describe.lower_is_better(rules)`` (default rules when ``rules`` is None).
    """
    hook = _hook(kit.module, "lower_is_better")
    if hook is None:
        return None
    if rules is None:
        try:
            rules = kit.rules()
        except NaipesError:
            return None
    text = _call(hook, rules, lang=lang)
    return str(text) if text else None


def parse_settings(items: Sequence[str] | None) -> dict[str, object]:
    """``FIELD=VALUE`` texts as a dict; values are read as JSON when they can be, else as text.

    A list-valued option also takes comma-separated values: :meth:`GameKit.rules`
    splits a text given to a field that holds several values. A value is at most
    :data:`MAX_RULE_TEXT` characters and nests lists and objects at most
    :data:`MAX_RULE_DEPTH` deep.

    >>> parse_settings(["scope=hand", "envio_limit=3", "teams=false", "specials=[\\"real\\"]"])
    {'scope': 'hand', 'envio_limit': 3, 'teams': False, 'specials': ('real',)}

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


#: The longest ``--rule`` value, in characters.
MAX_RULE_TEXT = 4096
#: The deepest nesting of lists and objects in a ``--rule`` value.
MAX_RULE_DEPTH = 8


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


def pick_demo_game(name: str | None) -> GameKit | None:
    """The game ``naipes demo`` shows: the named one, else machuco, else the first installed."""
    if name is not None:
        return GameKit.find(name)
    names = [i.name for i in games()]
    if "machuco" in names:
        names.remove("machuco")
        names.insert(0, "machuco")
    for candidate in names:
        try:
            return GameKit.find(candidate)
        except (RulesError, ImportError):
            continue  # a game still being written: not importable or incomplete
    return None


_DOCTEST = re.compile(r"^\s*(>>>|\.\.\.)")


def _strip_doctests(text: str) -> str:
    """Drop doctest examples (a ``>>>`` line and the output lines after it)."""
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        if _DOCTEST.match(line):
            in_example = True
            continue
        if in_example:
            if line.strip():
                continue
            in_example = False
        out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


_ROLE = re.compile(r":[a-z:]+:`(?:([^`<]*?)\s*<[^`>]*>|~?(?:[\w.]*\.)?([^`]*))`")
_DIRECTIVE = re.compile(r"^\s*\.\. [\w:-]+::|^\s*\.\. _[^:]+:\s*$|^\s+:[\w-]+:( |$)")


def rst_to_text(text: str) -> str:
    r"""reStructuredText made readable in a terminal: roles, literals and directives unwrapped.

    >>> print(rst_to_text(".. versionadded:: 0.1\n**Cantes** use :class:`~naipes.Card` and ``3o``."))
    Cantes use Card and 3o.
    """
    out: list[str] = []
    spans: list[tuple[int, int]] = []  # the columns of the simple table being read
    for line in text.splitlines():
        if _TABLE_BORDER.match(line):
            spans = [m.span() for m in re.finditer(r"=+", line)]
        elif not line.strip():
            spans = []
        if _DIRECTIVE.match(line):
            continue
        out.append(_table_row(line, spans) if spans else _unmarked(line))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


_TABLE_BORDER = re.compile(r"^\s*=+( +=+)+\s*$")


def _unmarked(text: str) -> str:
    text = _ROLE.sub(lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"``([^`]+)``", r"\1", text)
    return re.sub(r"\*\*([^*]+)\*\*", r"\1", text)


def _table_row(line: str, spans: list[tuple[int, int]]) -> str:
    """A row of a simple table without its markup, its cells kept in their columns.

    >>> _table_row("``3o``  play ``So``", [(0, 6), (8, 20)])
    '3o      play So'
    """
    if _TABLE_BORDER.match(line):
        return line
    cells = []
    for k, (start, end) in enumerate(spans):
        stop = spans[k + 1][0] if k + 1 < len(spans) else len(line)
        cells.append(_unmarked(line[start:stop].strip()).ljust(end - start))
    return (" " * spans[0][0] + "  ".join(cells)).rstrip()


def _packaged_page(module: ModuleType, name: str) -> str | None:
    """The rules page shipped as package data: ``<top package>/rules/<name>.rst``
    (naipes' own games), else ``rules.rst`` inside the game's package."""
    top = module.__name__.partition(".")[0]
    candidates = [(top, f"rules/{name}.rst")]
    if hasattr(module, "__path__"):
        candidates.append((module.__name__, "rules.rst"))
    for package, relative in candidates:
        try:
            page = importlib.resources.files(package)
            for part in relative.split("/"):
                page = page / part
            if page.is_file():
                return page.read_text(encoding="utf-8")
        except (ImportError, OSError, TypeError, ValueError):
            continue
    return None


def _rules_page(module: ModuleType, name: str) -> str:
    try:
        rules_module: ModuleType | None = importlib.import_module(module.__name__ + ".rules")
    except ImportError:
        rules_module = None
    for holder in (rules_module, module):
        text = getattr(holder, "RULES", None)
        if isinstance(text, str) and text.strip():
            return rst_to_text(inspect.cleandoc(text))
    page = _packaged_page(module, name)
    if page:
        return rst_to_text(_strip_doctests(page))
    for holder in (rules_module, module):
        doc = inspect.getdoc(holder) if holder is not None else None
        if doc and doc.strip():
            return rst_to_text(_strip_doctests(doc))
    return ""


def _attribute_docs(cls: type[Any]) -> dict[str, str]:
    """The ``Attributes:`` section of a Google-style class docstring, by name."""
    doc = inspect.getdoc(cls) or ""
    out: dict[str, str] = {}
    current = None
    in_section = False
    for line in doc.splitlines():
        if line.strip() == "Attributes:":
            in_section = True
            continue
        if not in_section:
            continue
        if line and not line.startswith(" "):
            break
        match = re.match(r"^ {4}(\w+)(?: \([^)]*\))?: ?(.*)$", line)
        if match:
            current = match.group(1)
            out[current] = match.group(2).strip()
        elif current and line.startswith("        "):
            out[current] += " " + line.strip()
    return {k: rst_to_text(v) for k, v in out.items()}


def _options(rules_type: type[Any]) -> list[str]:
    if not attrs.has(rules_type):
        return []
    docs = _attribute_docs(rules_type)
    try:
        defaults: object = rules_type()
    except (TypeError, ValueError, NaipesError):
        defaults = None
    lines = []
    for f in attrs.fields(rules_type):
        if f.default is attrs.NOTHING:
            continue
        default = f.default
        if defaults is not None:
            default = getattr(defaults, f.name)
        elif isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory(None) if default.takes_self else default.factory()
        items = sorted(default, key=str) if isinstance(default, frozenset) else default
        shown = (",".join(map(str, items)) if isinstance(default, (tuple, frozenset)) and default
                 and all(isinstance(v, (str, int)) for v in default) else repr(default))
        head = f"  {f.name} = {shown}"
        about = docs.get(f.name)
        if about:
            lines.append(textwrap.fill(f"{head}: {about}", width=88, subsequent_indent="      "))
        else:
            lines.append(head)
    return lines


def option_names(info: GameInfo) -> list[str]:
    """The fields of a game's ``Rules`` (what ``--rule`` sets); none when it cannot be imported."""
    try:
        rules_type = info.load().Rules
    except (ImportError, AttributeError):
        return []
    return [f.name for f in attrs.fields(rules_type)] if attrs.has(rules_type) else []


def counts_text(info: GameInfo, lang: str = "en") -> str:
    """The player counts of a game in words (from ``GameInfo.player_counts``).

    >>> from naipes.registry import find_game
    >>> counts_text(find_game("machuco")), counts_text(find_game("macarra")), counts_text(find_game("ranzo"), "es")
    ('2 or 4', '2 to 32', '3 o 4')
    """
    text = _counts(info)
    if lang == "es":
        text = text.replace(" or ", " o ").replace(" to ", " a ")
    return text


def _counts(info: GameInfo) -> str:
    """The player counts of a game in words: ``2 or 4``, ``3 to 4``."""
    counts = info.player_counts
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(map(str, counts)) if len(counts) <= 2 else ", ".join(map(str, counts))


def rules_text(kit: GameKit) -> str:
    """The rules page of a game as plain text, then its options and their defaults."""
    info = kit.info
    parts = [f"{info.name}: {info.summary}".rstrip(": "),
             f"{_counts(info)} players, deck {info.deck}"]
    page = _rules_page(kit.module, info.name)
    if page:
        parts.append(page)
    options = _options(kit.module.Rules)
    if options:
        parts.append("Options (fields of Rules, with their defaults; set one with --rule FIELD=VALUE, "
                     "a list as --rule FIELD=a,b):\n" + "\n".join(options))
    return "\n\n".join(parts)


def _value(value: object) -> str:
    if isinstance(value, (tuple, list, frozenset, set)):
        return "[" + " ".join(_value(v) for v in value) + "]"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def describe_event(kit: GameKit | None, event: Event, lang: str = "en") -> str | None:
    """An event in a few words: the game's ``describe_event`` or ``Name: field=value ...``."""
    if kit is not None and _hook(kit.module, "describe_event") is not None:
        return kit.describe(event, lang)
    fields = [f.name for f in attrs.fields(type(event)) if f.name != "private_to"]
    args = ", ".join(f"{name}={_value(getattr(event, name))}" for name in fields)
    return f"{type(event).__name__}({args})"
