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

import importlib
import importlib.resources
import inspect
import os
import re
import sys
import textwrap
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence

import attrs

from naipes._rule_values import MAX_RULE_DEPTH, MAX_RULE_TEXT, counts_words, option_names_of, parse_settings
from naipes.bots import Bot, RandomBot, game_bots, load_bot
from naipes.errors import NaipesError, UsageError
from naipes.events import Event
from naipes.game import Game, Move
from naipes.plugin import GamePlugin, event_fields_text, plugin
from naipes.registry import GameInfo, find_game, games

__all__ = ["MAX_RULE_DEPTH", "MAX_RULE_TEXT", "GameKit", "describe_event", "lower_is_better", "parse_settings",
           "pick_demo_game", "rules_text"]

AnyGame = Game[Any, Any, Any]


@attrs.frozen
class GameKit:
    """A registered game's :class:`~naipes.plugin.GamePlugin`, and where its bots' modules may come from.

    A thin layer over the plugin, kept for the web layer; new code asks the plugin
    (:attr:`plugin`). ``bot_path``: directories (``--bot-path``) searched for
    ``module:Class`` bots besides ``sys.path``; the current directory only when it
    is one of them.
    """

    info: GameInfo
    module: ModuleType
    bot_path: tuple[str, ...] = ()

    @classmethod
    def find(cls, name: str, *, bot_path: Sequence[str] = ()) -> GameKit:
        """Find the game called ``name`` and its plugin.

        Raises:
            UsageError: when there is no such game, or its plugin is broken.
            RulesError: when its module lacks ``Game``/``Rules``/``Move``.
        """
        found = plugin(find_game(name))
        return cls(found.info, found.module, tuple(bot_path))

    @property
    def plugin(self) -> GamePlugin[Any, Any, Any]:
        """The game's plugin (cached by :func:`naipes.plugin.plugin`)."""
        return plugin(self.info)

    def rules(self, players: int | None = None, settings: Mapping[str, object] | None = None,
              **optional: object) -> object:
        """:meth:`GamePlugin.rules <naipes.plugin.GamePlugin.rules>`."""
        return self.plugin.rules(players, settings, **optional)

    def new_game(self, rules: object, seed: int | None) -> AnyGame:
        """:meth:`GamePlugin.new_game <naipes.plugin.GamePlugin.new_game>`."""
        return self.plugin.new_game(rules, seed)

    def bot(self, spec: str, seed: int | None) -> tuple[str, Bot[Any, Any]]:
        """A bot from one of the game's names (``best``, see :meth:`GamePlugin.bots
        <naipes.plugin.GamePlugin.bots>`), a registered name (``random``,
        ``ismcts:iterations=50``) or ``module:Class``, with the name to show.

        ``best`` falls back to a random bot (named so, with a warning once) when
        the game's best bot cannot be loaded.

        Raises:
            NaipesError: when the bot cannot be loaded.
        """
        spec = spec.strip()
        names = game_bots(self.info)
        if spec == "best":
            try:
                return _bot_label(names.get("best", "random")), _load_bot(spec, seed, self.bot_path, self.info)
            except NaipesError as exc:
                if self.info.name not in _WARNED:
                    _WARNED.add(self.info.name)
                    print(f"naipes: no best bot for {self.info.name} ({exc}); random bots play instead",
                          file=sys.stderr)
                return "random", RandomBot(seed)
        head = spec.partition(":")[0]
        label = _bot_label(names[head]) if head in names and spec == head else _bot_label(spec)
        return label, _load_bot(spec, seed, self.bot_path, self.info)

    def terminal_turn(self) -> Callable[..., Move] | None:
        """:meth:`GamePlugin.terminal_turn <naipes.plugin.GamePlugin.terminal_turn>`."""
        return self.plugin.terminal_turn()

    def render(self, view: Any, *, you: bool = True, lang: str = "en") -> str:
        """:meth:`GamePlugin.render <naipes.plugin.GamePlugin.render>`."""
        return self.plugin.render(view, you=you, lang=lang)

    def completions(self, view: Any) -> list[str]:
        """:meth:`GamePlugin.completions <naipes.plugin.GamePlugin.completions>`."""
        return self.plugin.completions(view)

    def describe(self, event: Event, lang: str = "en") -> str | None:
        """:meth:`GamePlugin.describe_event <naipes.plugin.GamePlugin.describe_event>`."""
        return self.plugin.describe_event(event, lang)

    def describe_move(self, move: Any, view: Any = None, lang: str = "en") -> str:
        """:meth:`GamePlugin.describe_move <naipes.plugin.GamePlugin.describe_move>`."""
        return self.plugin.describe_move(move, view, lang)


_WARNED: set[str] = set()


def _bot_label(spec: str) -> str:
    """The name shown for a bot spec: the class for ``module:Class``, else the spec."""
    from naipes.bots import bot_names

    head, _, rest = spec.partition(":")
    if head in bot_names() and (not rest or "=" in rest):
        return spec
    return rest.partition(":")[0] or spec


def _call(fn: Callable[..., Any], *args: object, **optional: object) -> Any:
    """``fn(*args, **optional)`` passing only the keywords ``fn`` takes."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return fn(*args)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return fn(*args, **optional)
    return fn(*args, **{k: v for k, v in optional.items() if k in params})


def _load_bot(spec: str, seed: int | None, path: Sequence[str] = (), game: GameInfo | None = None) -> Bot[Any, Any]:
    """:func:`naipes.bots.load_bot` (any ``module:Class``, modules also from ``path``, the game's
    bot names), its every failure one line (a ``NaipesError``)."""
    try:
        return load_bot(spec, seed=seed, modules=True, path=path, game=game)
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

    :meth:`GamePlugin.lower_is_better <naipes.plugin.GamePlugin.lower_is_better>`
    (default rules when ``rules`` is None).
    """
    return kit.plugin.lower_is_better(rules, lang)


def pick_demo_game(name: str | None) -> GameKit | None:
    """The game ``naipes demo`` shows: the named one, else the first registered game that loads."""
    if name is not None:
        return GameKit.find(name)
    for info in games():
        try:
            return GameKit.find(info.name)
        except (NaipesError, ImportError):
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


def _packaged_page(module: ModuleType, name: str, lang: str = "en") -> str | None:
    """The rules page shipped as package data: ``<top package>/rules/<name>.rst``
    (naipes' own games), else ``rules.rst`` inside the game's package; in another
    language, ``<name>.<lang>.rst`` and ``rules.<lang>.rst``."""
    top = module.__name__.partition(".")[0]
    suffix = "" if lang == "en" else f".{lang}"
    candidates = [(top, f"rules/{name}{suffix}.rst")]
    if hasattr(module, "__path__"):
        candidates.append((module.__name__, f"rules{suffix}.rst"))
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


def _rules_module(module: ModuleType) -> ModuleType | None:
    try:
        return importlib.import_module(module.__name__ + ".rules")
    except ImportError:
        return None


def _translated_page(module: ModuleType, name: str, lang: str) -> str | None:
    """The rules page in ``lang`` (not English): a ``RULES_<LANG>`` string of the game's
    ``rules`` module or module (``RULES_ES``), else a packaged ``.<lang>.rst`` page; ``None``
    when the game has none."""
    for holder in (_rules_module(module), module):
        text = getattr(holder, f"RULES_{lang.upper()}", None)
        if isinstance(text, str) and text.strip():
            return rst_to_text(inspect.cleandoc(text))
    page = _packaged_page(module, name, lang)
    return rst_to_text(_strip_doctests(page)) if page else None


def _rules_page(module: ModuleType, name: str) -> str:
    rules_module = _rules_module(module)
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


def _options(rules_type: type[Any], described: bool = True) -> list[str]:
    """``  field = default: what it does`` per settable field (without the words when not ``described``)."""
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
        about = docs.get(f.name) if described else None
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
    return option_names_of(rules_type)


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


_counts = counts_words


#: The words of :func:`rules_text` in Spanish.
_RULES_ES = {
    "players": "{counts} jugadores, baraja {deck}",
    "english_only": "(Las reglas de {game} no están escritas en español: siguen en inglés.)",
    "options": "Opciones (campos de Rules, con su valor por defecto; cambia uno con --rule CAMPO=VALOR, "
               "una lista con --rule CAMPO=a,b; qué hace cada una, en inglés: naipes --lang en rules {game}):",
}


def rules_text(kit: GameKit, lang: str = "en") -> str:
    """The rules page of a game as plain text, then its options and their defaults.

    In Spanish (``lang="es"``): the game's Spanish page when it has one (``RULES_ES``,
    or a packaged ``<name>.es.rst``), else the English page under a line saying so;
    the options by name and default.
    """
    info = kit.info
    if lang != "es":
        parts = [f"{info.name}: {info.summary}".rstrip(": "), f"{_counts(info)} players, deck {info.deck}"]
        page = _rules_page(kit.module, info.name)
        if page:
            parts.append(page)
        options = _options(kit.module.Rules)
        if options:
            parts.append("Options (fields of Rules, with their defaults; set one with --rule FIELD=VALUE, "
                         "a list as --rule FIELD=a,b):\n" + "\n".join(options))
        return "\n\n".join(parts)
    parts = [f"{info.name}: {info.summary_in(lang)}".rstrip(": "),
             _RULES_ES["players"].format(counts=counts_text(info, lang), deck=info.deck)]
    translated = _translated_page(kit.module, info.name, lang)
    if translated is None:
        english = _rules_page(kit.module, info.name)
        translated = _RULES_ES["english_only"].format(game=info.name) + ("\n\n" + english if english else "")
    parts.append(translated)
    names = _options(kit.module.Rules, described=False)
    if names:
        parts.append(_RULES_ES["options"].format(game=info.name) + "\n" + "\n".join(names))
    return "\n\n".join(parts)


def describe_event(kit: GameKit | None, event: Event, lang: str = "en") -> str | None:
    """An event in a few words: the game's :meth:`~naipes.plugin.GamePlugin.describe_event`,
    else ``Name(field=value, ...)`` (:func:`naipes.plugin.event_fields_text`)."""
    if kit is not None:
        return kit.describe(event, lang)
    return event_fields_text(event)
