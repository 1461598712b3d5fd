"""Bots: the :class:`Bot` protocol, :class:`RandomBot`, :func:`play_game` and bot specs.

Bots receive views, never the game, so they cannot see hidden cards.

A *bot spec* is a line of text that names a bot and its parameters, as the
command line and :func:`naipes.tournament.run` take them:

- a registered name: ``random``, ``ismcts``, ``pimc`` (see :func:`register_bot`);
- a registered name with parameters: ``ismcts:iterations=400,c=1.4``;
- a class (or any factory) in a module: ``naipes.machuco.bots:MachucoBot``, also
  with parameters: ``mybots:Greedy:depth=2``. A module that cannot be imported
  is looked for in the current directory too.

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
import inspect
import os
import random
import re
import sys
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar, Union, runtime_checkable

from naipes.errors import IllegalMoveError, UsageError
from naipes.game import Game, Move, Result, View

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_names", "load_bot", "parse_bot_spec", "play_game",
           "register_bot", "split_bot_specs"]

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
_BOTS: dict[str, Union[BotFactory, str]] = {
    "random": RandomBot,
    "ismcts": "naipes.search:ISMCTSBot",
    "pimc": "naipes.search:PIMCBot",
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


def bot_names() -> tuple[str, ...]:
    """The registered bot names, sorted.

    >>> [name for name in bot_names() if name in ("ismcts", "pimc", "random")]
    ['ismcts', 'pimc', 'random']

    .. versionadded:: 1.1
    """
    return tuple(sorted(_BOTS))


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


def parse_bot_spec(spec: str) -> tuple[str, dict[str, object]]:
    """Split a spec into what names the bot (``name`` or ``module:Class``) and its parameters.

    Raises:
        UsageError: for an empty spec (``no_such_bot``) or malformed parameters
            (``bad_bot_args``).

    .. versionadded:: 1.1
    """
    spec = spec.strip() if isinstance(spec, str) else ""
    if not spec:
        raise UsageError("an empty bot spec: name a bot, e.g. random or module:Class", code="no_such_bot")
    head, sep, rest = spec.partition(":")
    if head in _BOTS and (not sep or "=" in rest):  # "pimc:MyBot" is a class of a module pimc
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


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _import(module_name: str) -> Any:
    """Import a module, looking in the current directory too when it is not found."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        cwd = os.getcwd()
        missing = exc.name or ""
        if cwd in sys.path or not (module_name == missing or module_name.startswith(missing + ".")):
            raise
        sys.path.insert(0, cwd)
        try:
            return importlib.import_module(module_name)
        except ImportError:
            sys.path.remove(cwd)
            raise


def _resolve(spec: str, target: str) -> Any:
    module_name, _, attr = target.partition(":")
    try:
        obj: Any = _import(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UsageError(f"no bot {spec!r}: {_one_line(exc)}", code="no_such_bot") from exc
    if not callable(obj) or inspect.ismodule(obj):
        raise UsageError(f"{spec!r} is not a bot (it names a {type(obj).__name__}, not a class)",
                         code="not_a_bot")
    return obj


def _factory(spec: str, target: str) -> Any:
    if target in _BOTS:
        factory = _BOTS[target]
        return _resolve(spec, factory) if isinstance(factory, str) else factory
    if ":" not in target:
        names = ", ".join(bot_names())
        raise UsageError(f"no bot {spec!r}: name one of {names} or give module:Class", code="no_such_bot")
    return _resolve(spec, target)


def _takes_seed(factory: Any) -> bool:
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "seed" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def _build(spec: str, factory: Any, seed: int | None, params: Mapping[str, object]) -> Any:
    kwargs = dict(params)
    if "seed" not in kwargs and _takes_seed(factory):
        kwargs["seed"] = seed
    try:
        inspect.signature(factory).bind(**kwargs)
    except TypeError as exc:
        raise UsageError(f"bot {spec!r}: {_one_line(exc)}", code="bad_bot_args") from exc
    except ValueError:
        pass  # no signature to check (a builtin): the call tells
    try:
        return factory(**kwargs)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bot {spec!r}: {_one_line(exc)}", code="bad_bot_args") from exc


def load_bot(spec: str, *, seed: int | None = None) -> Bot[Any, Any]:
    """Build a bot from a spec (see the module's introduction).

    The factory is called as ``factory(seed=seed, **params)``; without ``seed``
    when it takes none (a ``seed`` parameter in the spec wins over ``seed=``).

    Raises:
        UsageError: in one line, when the bot cannot be found (``no_such_bot``),
            the spec names something that is not a bot class (``not_a_bot``), or
            the bot needs other arguments or rejects a parameter (``bad_bot_args``).

    .. versionchanged:: 1.1
       Registered names with parameters; ``module:Class:key=value``; the current directory.
    """
    target, params = parse_bot_spec(spec)
    bot = _build(spec, _factory(spec, target), seed, params)
    if not isinstance(bot, Bot):
        raise UsageError(f"{spec!r} is not a bot (it has no choose(view))", code="not_a_bot")
    return bot
