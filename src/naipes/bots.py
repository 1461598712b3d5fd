"""Bots: the :class:`Bot` protocol, :class:`RandomBot`, :func:`play_game` and bot specs.

Bots receive views, never the game, so they cannot see hidden cards.

A *bot spec* is a line of text that names a bot and its parameters, as the
command line and :func:`naipes.tournament.run` take them:

- a registered name: ``random``, ``ismcts``, ``pimc`` (see :func:`register_bot`);
- a registered name with parameters: ``ismcts:iterations=400,c=1.4``;
- a class (or any factory) in a module: ``naipes.machuco.bots:MachucoBot``, also
  with parameters: ``mybots:Greedy:depth=2``. The module comes from the installed
  packages, ``PYTHONPATH`` and the directories given (``path=``, ``--bot-path
  DIR``); from the current directory only when asked (``search_cwd=True``,
  ``--bot-path .``, or the directory named in ``PYTHONPATH``), although
  ``python -m`` and scripts put it on ``sys.path``.

Parameter values are read as ``int``, then ``float``, then ``true``/``false``,
else kept as text.

>>> load_bot("random:seed=3")
RandomBot()
>>> parse_bot_spec("ismcts:iterations=400,c=1.4,greedy=true")
('ismcts', {'iterations': 400, 'c': 1.4, 'greedy': True})
>>> split_bot_specs("ismcts:iterations=400,c=2,random")
('ismcts:iterations=400,c=2', 'random')

.. versionadded:: 0.1
.. versionchanged:: 1.1
   Registered bot names with parameters (:func:`register_bot`), parameters for
   ``module:Class``, the current directory searched for modules.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import random
import re
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Collection,
    Mapping,
    Protocol,
    Sequence,
    TypeVar,
    Union,
    runtime_checkable,
)

from naipes._bot_import import attribute, check_names, directories, is_bot_class, one_line, resolve
from naipes.errors import IllegalMoveError, UsageError
from naipes.game import Game, Move, Result, View

if TYPE_CHECKING:
    from naipes.registry import GameInfo

__all__ = ["Bot", "BotFactory", "BotModules", "GameRef", "MAX_SPEC_LENGTH", "RandomBot", "bot_names",
           "check_bot_spec", "game_bots", "load_bot", "parse_bot_spec", "play_game", "register_bot",
           "split_bot_specs"]

V_contra = TypeVar("V_contra", bound=View[Any], contravariant=True)
M_co = TypeVar("M_co", bound=Move, covariant=True)
M = TypeVar("M", bound=Move)
V = TypeVar("V", bound=View[Any])


@runtime_checkable
class Bot(Protocol[V_contra, M_co]):
    """Anything that picks a move for the seat a view belongs to.

    ``Bot[V, M]`` takes views of type ``V`` and answers moves of type ``M``:
    a Machuco bot is a ``Bot[machuco.View, machuco.Move]``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Generic in the view and move types.
    """

    def choose(self, view: V_contra) -> M_co:
        """Return one of ``view.legal_moves`` (or any move the game accepts)."""
        ...


class RandomBot:
    """Picks uniformly among ``view.legal_moves``, from its own seeded generator.

    Args:
        seed: seed of the bot's generator (``None``: fresh entropy).

    .. versionadded:: 0.1
    """

    __slots__ = ("rng",)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View[M]) -> M:
        """A uniformly random legal move.

        Raises:
            IllegalMoveError: when the view lists no legal move.
        """
        moves = view.legal_moves
        if not moves:
            raise IllegalMoveError("the view has no legal move to choose from", seat=view.seat)
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "RandomBot()"


def play_game(game: Game[Any, M, V], bots: Sequence[Bot[V, M]]) -> Result:
    """Play ``game`` to the end with one bot per seat and return its result.

    Seats in ``to_act`` are asked in ascending order, each with its own view.

    Raises:
        IllegalMoveError: naming the bot and seat when a bot answers illegally.
        UsageError: when the number of bots is not the number of seats
            (code ``wrong_bot_count``).
    """
    if len(bots) != game.num_players:
        raise UsageError(f"{game.num_players} seats need {game.num_players} bots, not {len(bots)}",
                         code="wrong_bot_count")
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            bot = bots[seat]
            move = bot.choose(game.view(seat))
            try:
                game.play(move, seat)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"bot {bot!r} answered illegally: {exc.reason}",
                                       move=move, seat=seat, code=exc.code, rule=exc.rule) from exc
    result = game.result
    assert result is not None
    return result


#: What :func:`register_bot` takes: a callable returning a bot, called as
#: ``factory(seed=seed, **params)`` (``seed`` left out when it takes none).
#:
#: .. versionadded:: 1.1
BotFactory = Callable[..., Bot[Any, Any]]

_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
#: The longest bot spec taken, in characters.
#:
#: .. versionadded:: 1.2
MAX_SPEC_LENGTH = 1000
_BOTS: dict[str, BotFactory | str] = {
    "random": RandomBot,
    "ismcts": "naipes.search:ISMCTSBot",
    "pimc": "naipes.search:PIMCBot",
    "determinized": "naipes.search:DeterminizedBot",
}


def register_bot(name: str, factory: BotFactory | str, *, replace: bool = False) -> None:
    """Give a bot a name that specs (``name`` or ``name:key=value,...``) can use.

    Args:
        name: lower case letters, digits, ``_`` and ``-``, starting with a letter.
        factory: called as ``factory(seed=seed, **params)``; or ``"module:attr"``,
            imported on first use.
        replace: allow taking a name that is already registered.

    Raises:
        UsageError: for a malformed name (``bad_bot_name``), or a name taken
            without ``replace`` (``bot_name_taken``).

    >>> register_bot("always-random", RandomBot)
    >>> load_bot("always-random", seed=1)
    RandomBot()

    .. versionadded:: 1.1
    """
    if not isinstance(name, str) or not _NAME.match(name):
        raise UsageError(f"a bot name is lower case letters, digits, '_' and '-', not {name!r}",
                         code="bad_bot_name")
    if name in _BOTS and not replace and _BOTS[name] is not factory:
        raise UsageError(f"the bot name {name!r} is taken (pass replace=True to replace it)",
                         code="bot_name_taken")
    _BOTS[name] = factory


def bot_names(game: GameRef | None = None) -> tuple[str, ...]:
    """The registered bot names, sorted; with ``game``, the names of its plugin's bots too.

    >>> [name for name in bot_names() if name in ("ismcts", "pimc", "random")]
    ['ismcts', 'pimc', 'random']

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``game``.
    """
    return tuple(sorted({*_BOTS, *game_bots(game)}))


#: A game, by name or alias or as its :class:`~naipes.registry.GameInfo`, for :func:`game_bots`.
#:
#: .. versionadded:: 1.2
GameRef = Union[str, "GameInfo"]


def game_bots(game: GameRef | None) -> Mapping[str, str]:
    """The bot names a game's plugin gives (``best``, ``strong`` and the others) and the spec of each:
    ``module:Class`` or a registered name, with or without parameters (``ismcts:iterations=300``).

    A registered name (``random``, ``ismcts``) is never shadowed by a game's name.
    ``None`` gives none.

    >>> game_bots("machuco")["best"]
    'naipes.machuco.bots:MachucoBot'

    Raises:
        UsageError: for a game that is not registered (``no_such_game``).

    .. versionadded:: 1.2
    .. versionchanged:: 1.2
       Specs with parameters; ``strong`` for every game (:meth:`~naipes.plugin.GamePlugin.generic_strong`).
    """
    if game is None:
        return {}
    from naipes.plugin import plugin

    return {name: spec for name, spec in plugin(game).bots().items() if name not in _BOTS}


def _value(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    return text


def _params(spec: str, text: str) -> dict[str, object]:
    params: dict[str, object] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise UsageError(f"bot {spec!r}: parameters are key=value,key=value, not {item!r}",
                             code="bad_bot_args")
        params[key] = _value(value.strip())
    return params


def parse_bot_spec(spec: str, *, names: Collection[str] = ()) -> tuple[str, dict[str, object]]:
    """Split a spec into what names the bot (``name`` or ``module:Class``) and its parameters.

    Args:
        spec: the bot spec.
        names: more bot names to read as names, not modules (a game's, see :func:`game_bots`).

    Raises:
        UsageError: for an empty spec (``no_such_bot``) or malformed parameters
            (``bad_bot_args``).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``names``.
    """
    spec = spec.strip() if isinstance(spec, str) else ""
    if not spec:
        raise UsageError("an empty bot spec: name a bot, e.g. random or module:Class", code="no_such_bot")
    head, sep, rest = spec.partition(":")
    if (head in _BOTS or head in names) and (not sep or "=" in rest):  # "pimc:MyBot": module pimc
        return head, _params(spec, rest) if sep else {}
    if not sep:
        return head, {}
    target, sep2, args = rest.partition(":")
    return f"{head}:{target}", _params(spec, args) if sep2 else {}


def split_bot_specs(text: str) -> tuple[str, ...]:
    """Split a comma-separated list of specs, keeping ``key=value`` items with their bot.

    .. versionadded:: 1.1
    """
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if specs and "=" in item and ":" not in item:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return tuple(specs)


#: Which ``module:Class`` specs a caller accepts: ``True`` (any: trusted callers, the
#: command line), ``False`` (registered names only) or the allowed ``"module:Class"``
#: targets (a web server's ``--allow-bot`` list).
#:
#: .. versionadded:: 1.2
BotModules = Union[bool, Collection[str]]

def _allowed_targets(modules: object) -> bool | frozenset[str]:
    """``modules`` checked: a bool, or a collection of ``module:Class`` texts (not one text)."""
    if isinstance(modules, bool):
        return modules
    if isinstance(modules, (str, bytes)) or not isinstance(modules, Collection) \
            or not all(isinstance(m, str) for m in modules):
        raise UsageError(f"modules is True, False or a collection of 'module:Class' texts, not {modules!r}",
                         code="bad_bot_modules")
    return frozenset(m.strip() for m in modules)


def _registered(spec: str, factory: BotFactory | str) -> Any:
    """A registered factory; a ``"module:attr"`` one imported (registered by code, so trusted)."""
    if not isinstance(factory, str):
        return factory
    module_name, _, attr = factory.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise UsageError(f"no bot {spec!r}: {one_line(exc)}", code="no_such_bot") from exc
    if not callable(obj):
        raise UsageError(f"{spec!r} is not a bot (it names a {type(obj).__name__})", code="not_a_bot")
    return obj


def _nested_allowed(spec: str, params: Mapping[str, object], allowed: frozenset[str],
                    named: Mapping[str, str], depth: int = 0) -> None:
    """Refuse a parameter that names a bot ``modules`` does not accept (``ismcts:rollout=mod:Bot``):
    the search bots load such texts as specs themselves."""
    for key, value in params.items():
        if not isinstance(value, str) or ":" not in value:
            continue
        try:
            target, inner = parse_bot_spec(value, names=named)
        except UsageError:
            target, inner = value, {}
        if depth > 4 or (target not in _BOTS and target not in named and target not in allowed):
            raise UsageError(f"bot {spec!r}: {key}={value!r} names a bot that is not accepted here "
                             f"(only {', '.join(sorted({*_BOTS, *named}))})", code="module_bots_refused")
        _nested_allowed(spec, inner, allowed, named, depth + 1)


def _named(spec: str, known: str) -> tuple[Any, dict[str, object]]:
    """The factory and parameters of a spec a game's plugin gives for one of its names: a
    registered name or ``module:Class``, with or without parameters (``ismcts:iterations=300``).

    The plugin is installed code, so its module is imported as a registered factory's is;
    still, like a client's ``module:Class``, it must name a bot class with public names
    (nothing else is ever called), and its parameters are checked against the class's
    signature with the caller's.
    """
    try:
        target, params = parse_bot_spec(known)
    except UsageError as exc:
        raise UsageError(f"bot {spec!r}: the game gives {known!r}: {exc.reason}", code="bad_bot_spec") from exc
    if target in _BOTS:
        return _registered(spec, _BOTS[target]), params
    if ":" not in target:
        raise UsageError(f"bot {spec!r}: the game gives {known!r}, which names no registered bot "
                         f"({', '.join(sorted(_BOTS))}) and no module:Class", code="no_such_bot")
    module_name, parts = check_names(spec, target)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"no bot {spec!r}: {one_line(exc)}", code="no_such_bot") from exc
    obj = attribute(spec, module, parts)
    if not is_bot_class(obj):
        raise UsageError(f"{spec!r} is not a bot (the game gives {known!r}, not a bot class)", code="not_a_bot")
    return obj, params


def _factory(spec: str, target: str, modules: bool | frozenset[str], dirs: list[str],
             named: Mapping[str, str]) -> tuple[Any, dict[str, object]]:
    """The factory ``target`` names and the parameters its name stands for (a game's names have some)."""
    if target in _BOTS:
        return _registered(spec, _BOTS[target]), {}
    if target in named:  # the game's plugin names it: trusted code, like a registered factory
        return _named(spec, named[target])
    if ":" not in target:
        names = ", ".join(sorted({*_BOTS, *named}))
        hint = " or give module:Class" if modules is True else ""
        raise UsageError(f"no bot {spec!r}: name one of {names}{hint}", code="no_such_bot")
    if modules is False or (modules is not True and target not in modules):
        raise UsageError(f"bot {spec!r}: only registered bots are accepted here "
                         f"({', '.join(bot_names())}), not module:Class", code="module_bots_refused")
    return resolve(spec, target, dirs), {}


def _takes_seed(factory: Any) -> bool:
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "seed" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def _arguments(spec: str, factory: Any, seed: int | None, params: Mapping[str, object]) -> dict[str, Any]:
    """The keyword arguments the factory gets, checked against its signature (nothing is called)."""
    kwargs = dict(params)
    if "seed" not in kwargs and _takes_seed(factory):
        kwargs["seed"] = seed
    try:
        inspect.signature(factory).bind(**kwargs)
    except TypeError as exc:
        raise UsageError(f"bot {spec!r}: {one_line(exc)}", code="bad_bot_args") from exc
    except ValueError:
        pass  # no signature to check (a builtin): the call tells
    return kwargs


def _build(spec: str, factory: Any, kwargs: Mapping[str, Any]) -> Any:
    try:
        return factory(**kwargs)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bot {spec!r}: {one_line(exc)}", code="bad_bot_args") from exc


def _checked(spec: str, seed: int | None, modules: BotModules, search_cwd: bool,
             path: Sequence[str | os.PathLike[str]], game: GameRef | None) -> tuple[Any, dict[str, Any]]:
    """The factory a spec names and its arguments, every check done and nothing called."""
    allowed = _allowed_targets(modules)
    if not isinstance(search_cwd, bool):
        raise UsageError(f"search_cwd is True or False, not {search_cwd!r}", code="bad_bot_modules")
    if isinstance(path, (str, bytes, os.PathLike)):
        path = [path]
    if not isinstance(spec, str) or len(spec) > MAX_SPEC_LENGTH:
        raise UsageError(f"a bot spec is a text of at most {MAX_SPEC_LENGTH} characters", code="no_such_bot")
    named = game_bots(game)
    target, params = parse_bot_spec(spec, names=named)
    if allowed is not True:
        _nested_allowed(spec, params, frozenset() if allowed is False else allowed, named)
    factory, given = _factory(spec, target, allowed, directories(path, search_cwd), named)
    return factory, _arguments(spec, factory, seed, {**given, **params})


def check_bot_spec(spec: str, *, modules: BotModules = True, search_cwd: bool = False,
                   path: Sequence[str | os.PathLike[str]] = (), game: GameRef | None = None) -> None:
    """Check a spec as :func:`load_bot` would, building nothing and calling nothing.

    A ``module:Class`` spec imports its module (when ``modules`` accepts it) to
    find the class; nothing in it is called.

    Args:
        spec: the bot spec.
        modules: which ``module:Class`` specs are accepted: ``True`` any (trusted
            callers, the command line), ``False`` none (registered names only,
            with or without parameters), or a collection of allowed
            ``"module:Class"`` targets (parameters may follow them).
        search_cwd: look for modules in the current directory too.
        path: more directories to look for modules in (after ``sys.path``).
        game: a game whose plugin's bot names (``best``...) the spec may use (:func:`game_bots`).

    Raises:
        UsageError: as :func:`load_bot` does, but never for what only building the bot tells.

    >>> check_bot_spec("ismcts:iterations=400", modules=False)
    >>> check_bot_spec("os:system:command=id")
    Traceback (most recent call last):
    ...
    naipes.errors.UsageError: 'os:system:command=id' is not a bot (it names a builtin_function_or_method, not a bot class)

    .. versionadded:: 1.2
    """
    _checked(spec, 0, modules, search_cwd, path, game)


def load_bot(spec: str, *, seed: int | None = None, modules: BotModules = True, search_cwd: bool = False,
             path: Sequence[str | os.PathLike[str]] = (), game: GameRef | None = None) -> Bot[Any, Any]:
    """Build a bot from a spec (see the module's introduction).

    The factory is called as ``factory(seed=seed, **params)``; without ``seed``
    when it takes none (a ``seed`` parameter in the spec wins over ``seed=``).
    Only a registered factory or a class with a ``choose`` method is ever
    called, and only after the spec passed every check of :func:`check_bot_spec`.

    Args:
        spec: the bot spec.
        seed: the bot's seed.
        modules: which ``module:Class`` specs are accepted: ``True`` any,
            ``False`` none, or a collection of allowed ``"module:Class"`` targets.
        search_cwd: look for modules in the current directory too.
        path: more directories to look for modules in (after ``sys.path``).
        game: a game whose plugin's bot names the spec may use: ``best`` and the
            others of :func:`game_bots` (``load_bot("best", game="machuco")``), with
            or without parameters, accepted whatever ``modules`` says.

    Raises:
        UsageError: in one line, when the bot cannot be found (``no_such_bot``),
            the spec names something that is not a bot class (``not_a_bot``), a
            module or attribute name is private or malformed (``bad_bot_spec``),
            ``module:Class`` is not accepted here (``module_bots_refused``),
            ``modules`` is of the wrong type (``bad_bot_modules``), or the bot
            needs other arguments or rejects a parameter (``bad_bot_args``).

    .. versionchanged:: 1.1
       Registered names with parameters; ``module:Class:key=value``; the current directory.
    .. versionchanged:: 1.2
       ``modules``, ``search_cwd`` and ``path``; the current directory is searched
       only with ``search_cwd``; nothing but a bot class or a registered factory is called;
       ``game``.
    """
    factory, kwargs = _checked(spec, seed, modules, search_cwd, path, game)
    bot = _build(spec, factory, kwargs)
    if not isinstance(bot, Bot):
        raise UsageError(f"{spec!r} is not a bot (it has no choose(view))", code="not_a_bot")
    return bot
