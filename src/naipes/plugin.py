"""One typed object per game that every layer above the engines reads: :class:`GamePlugin`.

The pictures (:mod:`naipes.svg`), the search bots (:mod:`naipes.search`), the
machine interfaces (:mod:`naipes.adapters`), the web table (:mod:`naipes.web`),
tournaments and the command line never name a game: they ask the game's plugin.
Every part has a generic default, so a small third-party game provides only
what it has; a game that names no plugin gets :class:`GamePlugin` itself, which
reads the conventions of API 1.0 from the game's module (a ``describe`` module
with ``render``, ``describe_event``, ``completions``, ``lower_is_better``; a
``terminal_turn`` hook; an ``ActionSpace``).

>>> from naipes.plugin import plugin
>>> p = plugin("machuco")
>>> p.info.name, list(p.quick_rules)[:1]
('machuco', ['hand'])
>>> game = p.new_game(p.rules(players=2, settings=p.quick_rules["hand"]), seed=3)
>>> p.describe_move(game.legal_moves()[0], game.view(game.to_act[0]), "en") != ""
True

.. versionadded:: 1.2
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Sequence, TypeVar

from naipes._event_words import event_fields_text
from naipes._hooks import call as _call
from naipes._hooks import find_hook as _find_hook
from naipes._zone import ZONE_KINDS, Zone
from naipes.errors import NaipesError, RulesError, UsageError

if TYPE_CHECKING:
    from naipes.events import Event
    from naipes.game import Game as AnyGame
    from naipes.game import Move, View
    from naipes.registry import GameInfo

__all__ = ["GamePlugin", "ZONE_KINDS", "Zone", "event_fields_text", "plugin", "plugin_of", "ships_learned_weights"]

R = TypeVar("R")
M = TypeVar("M", bound="Move")
V = TypeVar("V", bound="View[Any]")

#: What a move can end, smallest first (:meth:`GamePlugin.boundary`).
BOUNDARIES = ("deal", "hand", "round")

_BOUNDARY_NAMES = {"DealEnded": "deal", "HandEnded": "hand", "RoundEnded": "round"}

class GamePlugin(Generic[R, M, V]):
    """What the layers above the engines need to know about one game.

    Subclass it in the game's ``plugin`` module and name it in
    :attr:`naipes.registry.GameInfo.plugin` (``"package.plugin:Plugin"``); override
    only what the game has. Every method has a generic default.

    Attributes:
        quick_rules: short games by name, as rule settings (``{"hand": {"scope": "hand"}}``),
            for demos, browser lobbies and tests; the first is the default quick game.
        bot_specs: the game's bot names and the spec each stands for: a registered name or
            ``module:Class``, with or without parameters (``{"best": "naipes.machuco.bots:MachucoBot",
            "deep": "ismcts:iterations=2000"}``); ``best`` defaults to
            :attr:`GameInfo.best_bot <naipes.registry.GameInfo.best_bot>`, ``strong`` to
            :meth:`generic_strong`.
        workspace_ops: the operations of the game's turn workspace, if it has one.
    """

    quick_rules: Mapping[str, Mapping[str, object]] = {}
    bot_specs: Mapping[str, str] = {}
    workspace_ops: tuple[str, ...] = ()

    def __init__(self, info: GameInfo, module: ModuleType | None = None) -> None:
        self.info = info
        self.module = module if module is not None else info.load()
        self._hooks: dict[str, Callable[..., Any] | None] = {}
        for attr in ("Game", "Rules", "Move"):
            if not hasattr(self.module, attr):
                raise RulesError(f"the {info.name} module {info.module} has no {attr}", code="bad_game_module")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.info.name!r})"

    # -- the engine ----------------------------------------------------------------------------

    @property
    def Game(self) -> type[AnyGame[R, M, V]]:  # noqa: N802 - the game's own class name
        """The game's ``Game`` class."""
        return self.module.Game  # type: ignore[no-any-return]

    @property
    def Rules(self) -> type[R]:  # noqa: N802 - the game's own class name
        """The game's ``Rules`` class."""
        return self.module.Rules  # type: ignore[no-any-return]

    def rules(self, players: int | None = None, settings: Mapping[str, object] | None = None,
              **optional: object) -> R:
        """A ``Rules`` object, with ``players`` and ``settings`` set when given.

        Args:
            players: the number of players (``Rules.players``).
            settings: fields to set; a field the rules do not have is an error.
            optional: fields to set only where the rules have them.

        Raises:
            RulesError: for a player count the game does not take, an unknown field
                or a value the rules refuse.
        """
        from naipes._rule_values import rules_kwargs

        kwargs = rules_kwargs(self.info, self.Rules, players, settings, optional)
        try:
            return self.Rules(**kwargs)
        except NaipesError:
            raise
        except (TypeError, ValueError) as exc:
            raise RulesError(f"{self.info.name}: {exc}") from exc

    def new_game(self, rules: R | None, seed: int | None) -> AnyGame[R, M, V]:
        """A fresh game with these rules and seed.

        Raises:
            RulesError: when the game cannot start with these rules.
        """
        try:
            return self.Game(rules, seed=seed)
        except NaipesError:
            raise
        except (TypeError, ValueError) as exc:
            raise RulesError(f"{self.info.name} cannot start with {rules!r}: {exc}") from exc

    def quick(self, name: str | None = None) -> Mapping[str, object]:
        """The settings of the quick game ``name`` (default: the first), ``{}`` when it has none.

        Raises:
            UsageError: for a name the game does not list (code ``no_such_quick_rules``).
        """
        if name is None:
            return next(iter(self.quick_rules.values()), {})
        if name not in self.quick_rules:
            raise UsageError(f"{self.info.name} has no quick game {name!r} "
                             f"(it has: {', '.join(self.quick_rules) or 'none'})", code="no_such_quick_rules")
        return self.quick_rules[name]

    def action_space(self, rules: R | None = None) -> Any:
        """The game's ``ActionSpace`` for ``rules`` (default rules when ``None``).

        Raises:
            UsageError: for a game that has no ``ActionSpace`` (code ``no_action_space``).
        """
        return self.info.action_space(rules)

    def max_game_length(self, rules: R | None = None) -> int | None:
        """A bound on the decisions of one game, for OpenSpiel and rollout caps (``None``: none known)."""
        return self.info.max_decisions

    # -- bots ----------------------------------------------------------------------------------

    def bots(self) -> Mapping[str, str]:
        """The game's bot names and their specs; ``best`` and ``strong`` are always there.

        ``best`` is :attr:`bot_specs`' own, else
        :attr:`GameInfo.best_bot <naipes.registry.GameInfo.best_bot>`, else ``random``
        (a game that ships no bot). ``strong`` is :attr:`bot_specs`' own, else
        :meth:`generic_strong`. A spec is a registered name or ``module:Class``, with or
        without parameters (``ismcts:iterations=300``).

        ``learned`` is there when naipes ships trained weights for the game and numpy is
        installed (:class:`naipes.learn.LearnedBot`; the weights are for some rules only,
        :func:`naipes.learn.shipped` lists them).

        .. versionchanged:: 1.2
           ``strong`` always there; parameterised specs; ``learned``.
        """
        names = dict(self.bot_specs)
        if "best" not in names:
            names["best"] = self.info.best_bot or "random"
        if "strong" not in names:
            names["strong"] = self.generic_strong()
        if "learned" not in names and ships_learned_weights(self.info.name):
            names["learned"] = "naipes.learn.bot:LearnedBot"
        return names

    def generic_strong(self) -> str:
        """The spec of ``strong`` for a game whose :attr:`bot_specs` name none: the generic search
        configured by what the plugin's knowledge hooks give.

        - :meth:`evaluate` given: ``determinized`` (:class:`~naipes.search.DeterminizedBot`), each
          sampled world searched exactly to the :meth:`search_horizon` (at most 4 plies) and
          valued there by the evaluation;
        - else ``ismcts`` (:class:`~naipes.search.ISMCTSBot`), each iteration rolled out to the
          end by :meth:`rollout_policy` (random play when it gives none);
        - :meth:`prior` given: its move gets a bonus (``prior=`` of DeterminizedBot, a tenth of
          :attr:`GameInfo.returns_range <naipes.registry.GameInfo.returns_range>`; progressive
          ``bias=`` of ISMCTS).

        Budgets are counted (worlds, iterations), so a seeded ``strong`` is reproducible.
        The configuration without an evaluation was measured on the toy game
        (``examples/toygame``) against RandomBot (``benchmarks/bots_search.py --matchups toy``,
        see :doc:`/guides/search-and-tournaments`); the others are the same searches' settings
        where Machuco's and Ranzo's knowledge made them strong, not measured on a third party's game.

        >>> from naipes.registry import find_game
        >>> GamePlugin(find_game("machuco")).generic_strong()   # the generic plugin: no hook given
        'ismcts:iterations=200'
        >>> plugin("machuco").generic_strong()   # evaluation and prior; its own strong is StrongBot
        'determinized:worlds=16,depth=4,prior=0.1'

        .. versionadded:: 1.2
        """
        mine = type(self)
        prior = mine.prior is not GamePlugin.prior
        if mine.evaluate is not GamePlugin.evaluate or mine.evaluate_game is not GamePlugin.evaluate_game:
            lo, hi = self.info.returns_range
            return "determinized:worlds=16,depth=4" + (f",prior={0.1 * (hi - lo):g}" if prior else "")
        return "ismcts:iterations=200" + (",bias=1.0" if prior else "")

    # -- text ----------------------------------------------------------------------------------

    def render(self, view: V, *, you: bool = True, lang: str = "en") -> str:
        """The table as ``view`` shows it, in words (the game's ``describe.render``, else ``view.render()``)."""
        hook = self._hook("render")
        if hook is not None:
            return str(_call(hook, view, you=you, lang=lang))
        own = getattr(view, "render", None)
        return str(own()) if callable(own) else str(view)

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """An event in words, or ``None`` when the game has nothing to say about it.

        The game's ``describe.describe_event(event, lang)``; else, for the events every
        game shares (:mod:`naipes.events`: ``MovePlayed``, ``HandStarted``, ``CardsDealt``,
        ``ScoresChanged``, ``HandEnded``, ``GameEnded`` and their subclasses), words in
        ``lang`` (English or Spanish: "seat 0: play the ace of hearts", "game over: seat 1
        wins; scores: 8, 7"); else :func:`event_fields_text` (``CardDrawn(seat=1)``).

        .. versionchanged:: 1.2
           The shared events in words for a game without its own.
        """
        hook = self._hook("describe_event")
        if hook is not None:
            text = _call(hook, event, lang=lang)
            return text if isinstance(text, str) or text is None else str(text)
        from naipes._event_words import shared_event_text

        told = shared_event_text(event, lang, lambda move: self.describe_move(move, None, lang))  # type: ignore[arg-type]
        return told if told is not None else event_fields_text(event)

    def describe_move(self, move: M, view: V | None = None, lang: str = "en") -> str:
        """The words a person reads for ``move`` (``"play the seven of coins"``), in ``lang``.

        The game's ``describe.describe_move(move, view, lang)`` when it has one (``view``:
        the seat's view before the move, for the words that depend on it), else the
        move's notation. Callers show the notation beside the words.
        """
        hook = self._hook("describe_move")
        text = _call(hook, move, view=view, lang=lang) if hook is not None else None
        return str(text) if text else str(move)

    def describe_decision(self, view: V, lang: str = "en", names: Sequence[str] | None = None) -> str | None:
        """The open decision in words (``"Seat 2 may claim 7c: envido, truco or pass"``), or ``None``.

        ``view`` is the view of a seat to act; the words say only what every seat
        and a spectator may know (who decides what, about which public card), never
        the seat's own cards or which of the options it can take. ``names``, when
        given, holds each seat's player name (``""``: none); the words then name
        the players ("Ana may claim 7c..."), else the seats. The game's
        ``describe.describe_decision(view, lang, names)`` (``names`` only when the
        hook takes it), else ``None`` (a front end then says whose turn it is).

        .. versionadded:: 1.2
        """
        hook = self._hook("describe_decision")
        text = _call(hook, view, lang=lang, names=names) if hook is not None else None
        return str(text) if text else None

    def result_unit(self, rules: R | None = None, lang: str = "en") -> str:
        """What one game of ``rules`` plays, as the result names it, with its article, in ``lang``:
        ``"the hand"`` ("You won the hand 18–6"), ``"la ronda"``.

        The game's ``describe.result_unit(rules, lang)`` when it has one, else
        ``"the game"`` (``"la partida"``). A front end words the result with it.

        >>> plugin("machuco").result_unit(plugin("machuco").rules(settings={"scope": "hand"}), "es")
        'la mano'

        .. versionadded:: 1.2
        """
        hook = self._hook("result_unit")
        if hook is not None:
            if rules is None:
                try:
                    rules = self.rules()
                except NaipesError:
                    rules = None
            text = _call(hook, rules, lang=lang)
            if text:
                return str(text)
        return "la partida" if lang == "es" else "the game"

    def boundary(self, event: Event) -> str | None:
        """``"deal"``, ``"hand"`` or ``"round"`` when ``event`` ends one, else ``None``.

        The game's ``describe.boundary(event)``, else by the event's class name:
        ``DealEnded``, ``HandEnded``, ``RoundEnded``. A move list draws a divider
        after the move whose events end a unit.

        .. versionadded:: 1.2
        """
        hook = self._hook("boundary")
        if hook is not None:
            found = hook(event)
            return str(found) if found in BOUNDARIES else None
        return _BOUNDARY_NAMES.get(type(event).__name__)

    def completions(self, view: V) -> list[str]:
        """What Tab completes at a seat's prompt (default: the legal moves, when listed in full)."""
        hook = self._hook("completions")
        if hook is not None:
            return [str(c) for c in hook(view)]
        return [str(m) for m in getattr(view, "legal_moves", ())] if self.info.complete_moves else []

    def lower_is_better(self, rules: R | None = None, lang: str = "en") -> str | None:
        """What the scores count when a lower score is better (``"penalty points"``), else ``None``."""
        hook = self._hook("lower_is_better")
        if hook is None:
            return None
        if rules is None:
            try:
                rules = self.rules()
            except NaipesError:
                return None
        text = _call(hook, rules, lang=lang)
        return str(text) if text else None

    def terminal_turn(self) -> Callable[..., Any] | None:
        """The game's ``terminal_turn(game, seat, ask, say)`` hook for a person's turn, if it has one."""
        hook = getattr(self.module, "terminal_turn", None)
        return hook if callable(hook) else None

    # -- pictures ------------------------------------------------------------------------------

    def zones(self, view: V, lang: str = "en") -> Sequence[Zone]:
        """The zones of the table as ``view`` shows them, labelled in ``lang`` (default: the seat's
        hand, if the view has one).

        A plugin that overrides it without ``lang`` still works: callers that word
        things pass ``lang`` only to a ``zones`` that takes it.
        """
        hand = getattr(view, "hand", None)
        seat = getattr(view, "seat", None)
        if hand is None:
            return ()
        label = "Tu mano" if lang == "es" else "Your hand"
        return (Zone(kind="hand", seat=seat, label=label, cards=tuple(str(c) for c in hand)),)

    def draw_table(self, view: V, width: float) -> str | None:
        """A picture of the table as an SVG document, or ``None`` to let the generic drawer
        draw :meth:`zones`."""
        return None

    # -- turn workspaces -----------------------------------------------------------------------

    def workspace(self, game: AnyGame[R, M, V], seat: int) -> Any | None:
        """A turn workspace for ``seat`` (Machiavelli's), or ``None`` when the game has none."""
        return None

    # -- search knowledge ----------------------------------------------------------------------

    def root_candidates(self, view: V) -> Sequence[M]:
        """Moves to add at the root of a search when ``legal_moves`` does not list every move."""
        return ()

    def rollout_policy(self, seed: int | None = None) -> Any | None:
        """A fast bot to play rollouts with, or ``None`` for uniform random play."""
        return None

    def evaluate(self, view: V) -> Sequence[float] | None:
        """An estimate of every seat's return from a position not yet over, or ``None``."""
        return None

    def evaluate_game(self, game: AnyGame[R, M, V], seat: int) -> Sequence[float] | None:
        """:meth:`evaluate` of ``game.view(seat)``: what the search bots ask at a horizon.

        A game overrides it to read the engine without building the view; it must return
        what :meth:`evaluate` returns for that view (no hidden card may change it).

        .. versionadded:: 1.2
        """
        return self.evaluate(game.view(seat))

    def prior(self, view: V) -> M | None:
        """The move a heuristic prefers for ``view`` (progressive bias in ISMCTS), or ``None``.

        .. versionadded:: 1.2
        """
        return None

    def search_horizon(self, view: V) -> int | None:
        """How many plies an exact search from ``view`` should look ahead (the rest of a
        small unit of play, such as a deal), or ``None`` when the game names none.

        .. versionadded:: 1.2
        """
        return None

    def observed_moves(self, before: V, after: V) -> Sequence[tuple[int, M]] | None:
        """The moves played from ``before`` to ``after`` (two views of one seat, ``before``'s
        own move first), as ``(seat, move)`` in the order played, when ``after`` shows every one
        of them; ``None`` when it does not (ISMCTS then searches afresh instead of reusing its tree).

        .. versionadded:: 1.2
        """
        return None

    def decisions(self, world: AnyGame[R, M, V], views: Sequence[V]) -> Sequence[tuple[AnyGame[R, M, V], int, M]] | None:
        """The other seats' decisions the observer saw, rebuilt in ``world``.

        ``world`` is a full game consistent with the last of ``views`` (the observer's own
        views of this game, oldest first, as its bot was given them). The answer is, for each
        move of another seat that the observer saw played (in the window the game chooses:
        since ``views[0]``, or the current deal), ``(position, seat, move)``: the position just
        before the move as a game with the hidden cards as ``world`` has them, the seat and
        the move, in the order played. ``None`` when the game cannot rebuild them (the
        inference of :mod:`naipes.search.infer` then leaves the worlds uniform).

        The default is the function ``decisions`` of the game's ``_knowledge`` module (or of
        its ``describe`` or main module), else ``None``.

        .. versionadded:: 1.2
        """
        hook = self._knowledge_hook("decisions")
        return None if hook is None else hook(world, views)

    def move_scores(self, view: V) -> Sequence[float] | None:
        """A model of a player: the log-weight of each of ``view.legal_moves`` (in that order),
        a softmax of which is the chance the game's heuristic player picks it (its scores over a
        calibrated temperature); ``None`` when the game gives none (the player model of
        :mod:`naipes.search.infer` then falls back on :meth:`prior` with a uniform share).

        The default is the function ``move_scores`` of the game's ``_knowledge`` module, else ``None``.

        .. versionadded:: 1.2
        """
        hook = self._knowledge_hook("move_scores")
        return None if hook is None else hook(view)

    def enumerate_worlds(self, view: V, limit: int) -> Sequence[AnyGame[R, M, V]] | None:
        """Every full game consistent with ``view``, each once and equally likely before any
        inference, when there are at most ``limit`` of them (the world is small: the search
        bots then value each once, exactly, instead of sampling); ``None`` otherwise or when
        the game cannot tell.

        The default is the function ``enumerate_worlds`` of the game's ``_knowledge`` module, else ``None``.

        .. versionadded:: 1.2
        """
        hook = self._knowledge_hook("enumerate_worlds")
        return None if hook is None else hook(view, limit)

    # -- internals -----------------------------------------------------------------------------

    def _knowledge_hook(self, name: str) -> Callable[..., Any] | None:
        """``name`` of the game's ``_knowledge`` submodule, else :meth:`_hook` (cached)."""
        key = "_knowledge." + name
        if key not in self._hooks:
            found: Callable[..., Any] | None = None
            if hasattr(self.module, "__path__"):
                try:
                    knowledge = importlib.import_module(self.module.__name__ + "._knowledge")
                except ModuleNotFoundError as exc:
                    if exc.name != self.module.__name__ + "._knowledge":
                        raise
                else:
                    hook = getattr(knowledge, name, None)
                    found = hook if callable(hook) else None
            self._hooks[key] = found if found is not None else self._hook(name)
        return self._hooks[key]

    def _hook(self, name: str) -> Callable[..., Any] | None:
        """``name`` of the game's ``describe`` module (API 1.0), else of the game module (cached)."""
        if name not in self._hooks:
            self._hooks[name] = _find_hook(self.module, name)
        return self._hooks[name]


_PLUGINS: dict[str, GamePlugin[Any, Any, Any]] = {}


def ships_learned_weights(game: str, rules: object = None) -> bool:
    """Whether naipes ships weights of :class:`naipes.learn.LearnedBot` for ``game`` (and, given
    ``rules``, for exactly those rules) and numpy, which plays them, is installed.

    Without ``rules`` it reads file names only, without importing numpy; with ``rules`` it reads
    the shipped files' metadata (:func:`naipes.learn.shipped`).

    .. versionadded:: 1.2
    .. versionchanged:: 1.2
       ``rules``.
    """
    import importlib.util
    from pathlib import Path

    folder = Path(__file__).resolve().parent / "learn" / "weights"
    if importlib.util.find_spec("numpy") is None or not any(folder.glob(f"{game}-*.npz")):
        return False
    if rules is None:
        return True
    from naipes.learn.bot import shipped
    from naipes.learn.observe import rules_key

    key = rules_key(rules)
    return any(meta.game == game and dict(meta.rules) == key for _, meta in shipped())


def plugin(game: str | GameInfo) -> GamePlugin[Any, Any, Any]:
    """The plugin of a registered game (by name, alias or :class:`~naipes.registry.GameInfo`), cached.

    Raises:
        UsageError: for a game that is not registered (``no_such_game``) or a plugin that is not a
            :class:`GamePlugin` (``bad_plugin``).
    """
    from naipes.registry import GameInfo, find_game

    info = game if isinstance(game, GameInfo) else find_game(game)
    cached = _PLUGINS.get(info.name)
    if cached is not None and cached.info == info:
        return cached
    made = _make(info)
    _PLUGINS[info.name] = made
    return made


def plugin_of(obj: object) -> GamePlugin[Any, Any, Any]:
    """The plugin of the registered game a view, game, move or event belongs to.

    The game of ``obj`` is the registered game whose module
    (:attr:`GameInfo.module <naipes.registry.GameInfo.module>`) holds the class of
    ``obj`` or of one of its base classes: a class defined in that module or in
    one of its submodules (``naipes.machuco.view``) belongs to it, a module that
    only starts with the same letters (``naipes.machucoextra``) does not. When
    two registered modules nest, the longer one wins. So a subclass of a game's
    ``Game`` or ``View`` written elsewhere (a test's) still finds its game.

    Raises:
        UsageError: for an object of no registered game (code ``no_such_game``), or a
            plugin that does not load (``bad_plugin``, as :func:`plugin`).

    >>> from naipes import machuco
    >>> from naipes.plugin import plugin_of
    >>> game = machuco.Game(seed=1)
    >>> plugin_of(game.view(0)).info.name, plugin_of(game) is plugin("machuco")
    ('machuco', True)
    >>> plugin_of("not a view")
    Traceback (most recent call last):
    ...
    naipes.errors.UsageError: no registered game holds str (naipes.registry.games() lists them)

    .. versionadded:: 1.2
    """
    info = _game_of(obj)
    if info is None:
        raise UsageError(f"no registered game holds {type(obj).__name__} "
                         "(naipes.registry.games() lists them)", code="no_such_game")
    return plugin(info)


def _game_of(obj: object) -> GameInfo | None:
    """The registered game whose module holds ``obj``'s class or a base class, else ``None``."""
    from naipes.registry import games

    infos = games()
    for cls in type(obj).__mro__:
        module = getattr(cls, "__module__", "") or ""
        owners = [i for i in infos if module == i.module or module.startswith(i.module + ".")]
        if owners:
            return max(owners, key=lambda i: len(i.module))
    return None


def _make(info: GameInfo) -> GamePlugin[Any, Any, Any]:
    if info.plugin is None:
        return GamePlugin(info)
    module_name, _, attr = info.plugin.partition(":")
    try:
        target = getattr(importlib.import_module(module_name), attr or "Plugin", None)
    except ImportError as exc:
        raise UsageError(f"{info.name}: its plugin {info.plugin!r} does not import: {exc}",
                         code="bad_plugin") from exc
    if isinstance(target, type) and issubclass(target, GamePlugin):
        return target(info)
    raise UsageError(f"{info.name}: its plugin {info.plugin!r} is not a naipes.plugin.GamePlugin subclass",
                     code="bad_plugin")
