"""The public conformance kit: checks that any naipes game (ours or yours) keeps the contract.

Run it from a test::

    from naipes.testing import run_conformance

    def test_my_game_conforms():
        run_conformance(lambda seed: MyGame(seed=seed), examples=10)

Each example plays one seeded random game to the end and checks, at every
checked step: no card in play is created or lost; every listed legal move
passes ``check_move``; moves that are not legal (moves legal elsewhere, other
seats' moves, garbage, moves after the end) raise and leave ``to_dict``
unchanged; ``to_dict``/``from_dict`` round-trips through JSON; every view is
JSON-compatible and ``view.sample`` gives games that show that seat the very
same view (so a view that leaks hidden cards is caught); ``clone`` is
independent of the original and leaves it its very generator, and a clone
made at the start, given the game's moves, reaches the same end; events are
JSON-compatible.

The 1.0 contract is checked too: no public attribute of the game or of a view
hands out a mutable container, and changing what ``to_dict``, ``record`` and
``zones`` return changes nothing; every change of ``scores`` is announced by a
:class:`~naipes.events.ScoresChanged`; the :class:`~naipes.events.MovePlayed`
events are the history and one :class:`~naipes.events.GameEnded` carries the
result; clones, loaded states and samples have no opening events. Per-seat
streams: a clone of the game and a game sampled from seat k's view, given the
same moves, give seat k identical streams while its views stay equal, and no
event in seat k's stream (opening events included) shows a card of another
seat's hand (zones ``hand0``, ``hand1``...) that seat k's views never showed.

Then the same seed is played again and must give the same transcript.
Hypothesis (a dev dependency) chooses the seeds.

What each seat is shown is pinned by a golden playthrough:
:func:`playthrough` writes one seeded game, position by position, in words,
and :func:`check_playthrough` compares it with the copy kept beside your tests,
failing at the first line that differs (:func:`first_difference`)::

    from naipes.testing import check_playthrough, playthrough

    def test_what_every_seat_sees():
        check_playthrough(HERE / "mygame-3p.golden", playthrough("mygame", players=3, seed=4))

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Read-only state, score announcements, per-seat streams, opening events.
.. versionchanged:: 1.2
   A clone leaves the original its generator, and deals what the original deals.
.. versionchanged:: 1.2
   Golden playthroughs: :func:`playthrough`, :func:`check_playthrough`,
   :func:`first_difference`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Callable, Sequence

from naipes import _kit_checks as kit
from naipes import _kit_tamper as _tamper
from naipes._playthrough import (
    Difference,
    check_playthrough,
    first_difference,
    playthrough,
)
from naipes.errors import IllegalMoveError, NaipesError, NotationError
from naipes.events import Event, GameEnded, MovePlayed, ScoresChanged
from naipes.game import Game, Move

__all__ = ["ConformanceError", "Difference", "check_hardening", "check_playout", "check_playthrough",
           "check_threads", "check_trackers", "first_difference", "playthrough", "run_conformance",
           "run_hardening", "run_in_threads"]

#: Decisions after which a game with ``max_decisions=None`` is reported as not ending.
DEFAULT_CAP = 200_000

AnyGame = Game[Any, Any, Any]


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where (seed, step, check).

    .. versionadded:: 0.1
    """


def _cards(game: AnyGame) -> Counter[Any]:
    total: Counter[Any] = Counter()
    for cards in game.zones().values():
        total.update(cards)
    return total


def _json_round(data: object) -> Any:
    return json.loads(json.dumps(data))


class _Checker:
    def __init__(self, game: AnyGame, seed: int, complete_moves: bool, samples: int) -> None:
        self.game = game
        self.seed = seed
        self.complete = complete_moves
        self.samples = samples
        self.rng = random.Random(seed ^ 0x5EED)
        self.pool: dict[str, Move] = {}
        self.cards = _cards(game)
        self.step = 0

    def fail(self, what: str) -> None:
        raise ConformanceError(f"{self.game.name} seed={self.seed} step={self.step}: {what}")

    def deep(self) -> None:
        g = self.game
        if _cards(g) != self.cards:
            diff = (_cards(g) - self.cards) + (self.cards - _cards(g))
            self.fail(f"cards created or lost: {sorted(map(str, diff.elements()))}")
        before = g.to_dict()
        if _json_round(before) != before:
            self.fail("to_dict is not JSON-compatible (it changed through json)")
        again = type(g).from_dict(_json_round(before))
        if again.to_dict() != before:
            self.fail("from_dict(to_dict()) does not round-trip")
        self._check_legal(before)
        self._check_illegal(before)
        self._check_views()
        self._check_clone(before)
        self._check_read_only()
        self._check_streams()

    def _check_read_only(self) -> None:
        g = self.game
        leaks = kit.mutable_leaks(g, "game")
        for seat in range(g.num_players):
            leaks += kit.mutable_leaks(g.view(seat), f"view({seat})")
        if leaks:
            self.fail("public state hands out mutable containers: " + "; ".join(leaks[:5]))
        problem = kit.check_fresh_dicts(g)
        if problem:
            self.fail(problem)

    def _check_streams(self) -> None:
        g = self.game
        if g.is_over:
            return
        seat = self.rng.randrange(g.num_players)
        problem = kit.stream_divergence(g.clone(), seat, random.Random(self.rng.random()), 12)
        if problem:
            self.fail(problem)

    def _check_legal(self, before: dict[str, Any]) -> None:
        g = self.game
        for seat in g.to_act:
            moves = g.legal_moves(seat)
            if not moves:
                self.fail(f"seat {seat} is to act but has no legal move")
            if len(set(moves)) != len(moves):
                self.fail(f"seat {seat}: legal_moves repeats a move")
            for m in moves:
                self.pool.setdefault(str(m), m)
                try:
                    g.check_move(m, seat)
                except NaipesError as exc:
                    self.fail(f"listed move {m} fails check_move: {exc}")
                if type(m).parse(str(m)) != m:
                    self.fail(f"move notation does not round-trip: {m}")
        if g.to_dict() != before:
            self.fail("legal_moves/check_move changed the game")

    def _refused(self, move: object, seat: int | None, before: dict[str, Any], why: str) -> None:
        g = self.game
        rng = g._rng.getstate()
        try:
            g.play(move, seat)  # type: ignore[arg-type,unused-ignore]
        except (IllegalMoveError, NotationError):
            pass
        except Exception as exc:  # noqa: BLE001
            self.fail(f"{why}: play raised {type(exc).__name__}, not IllegalMoveError: {exc}")
        else:
            self.fail(f"{why}: play accepted {move!r} for seat {seat}")
        if g.to_dict() != before or g._rng.getstate() != rng:
            self.fail(f"{why}: a refused move changed the game")

    def _check_illegal(self, before: dict[str, Any]) -> None:
        g = self.game
        acting = g.to_act
        others = [s for s in range(g.num_players) if s not in acting]
        for seat in acting[:1]:
            legal = set(g.legal_moves(seat))
            if self.complete:
                strangers = [m for m in self.pool.values() if m not in legal]
                for m in self.rng.sample(strangers, min(3, len(strangers))):
                    self._refused(m, seat, before, f"unlisted move {m}")
            if others and legal:
                m = next(iter(sorted(legal, key=str)))
                self._refused(m, self.rng.choice(others), before, "a move by a seat not to act")
            self._refused(object(), seat, before, "a non-move object")
            self._refused(-1, seat, before, "an int as a move")

    def _check_views(self) -> None:
        g = self.game
        for seat in range(g.num_players):
            view = g.view(seat)
            vd = view.to_dict()
            if _json_round(vd) != vd:
                self.fail(f"view({seat}).to_dict is not JSON-compatible")
            if seat in g.to_act and set(view.legal_moves) != set(g.legal_moves(seat)):
                self.fail(f"view({seat}).legal_moves differs from game.legal_moves")
            for _ in range(self.samples):
                world = view.sample(random.Random(self.rng.random()))
                if world.opening_events:
                    self.fail(f"a game sampled from view({seat}) has opening events")
                if world.view(seat).to_dict() != vd:
                    self.fail(f"a game sampled from view({seat}) shows that seat another view: "
                              "the view leaks hidden cards or sample() breaks the view")
                if _cards(world) != self.cards:
                    self.fail(f"a game sampled from view({seat}) has other cards in play")
                if world.events.active:
                    self.fail("a sampled game's EventBus is not empty")

    def _check_clone(self, before: dict[str, Any]) -> None:
        g = self.game
        rng = g._rng
        twin = g.clone()
        if twin.to_dict() != before:
            self.fail("clone() differs from the original")
        if twin.opening_events or type(g).from_dict(before).opening_events:
            self.fail("a game made by clone() or from_dict() has opening events")
        if twin.events.active:
            self.fail("clone() kept event handlers")
        if twin.is_over:
            return
        seat = twin.to_act[0]
        twin.play(self.rng.choice(twin.legal_moves(seat)), seat)
        if g.to_dict() != before:
            self.fail("playing on a clone changed the original")
        if g._rng is not rng:
            self.fail("clone() swapped the original's generator (a caller's Random subclass, or one "
                      "shared with other games, must stay the one it draws from)")


def check_playout(make_game: Callable[[int], AnyGame], seed: int, *, max_decisions: int | None = None,
                  complete_moves: bool = True, every: int = 1, samples: int = 1) -> tuple[tuple[int, Move], ...]:
    """Play one seeded random game with every check; return its history.

    Args:
        make_game: builds a fresh game from a seed.
        seed: the seed of the game and of the random players.
        max_decisions: the game's declared hard bound (``None``: a generous cap).
        complete_moves: whether ``legal_moves`` is complete (then every unlisted move must fail).
        every: run the deep checks at every ``every``-th decision (1: all).
        samples: ``view.sample`` draws per seat at each deep check.

    Raises:
        ConformanceError: naming the seed, step and broken promise.
    """
    game = make_game(seed)
    chk = _Checker(game, seed, complete_moves, samples)
    early = game.clone()  # it shares the generator while the game draws: it must deal alike
    problem = kit.opening_leaks(game)
    if problem:
        chk.fail(problem)
    delivered: list[Event] = []
    game.events.subscribe(Event, delivered.append)
    announced = [game.scores]
    game.events.subscribe(ScoresChanged, lambda e: announced.append(e.totals))
    players = random.Random(seed)
    cap = max_decisions if max_decisions is not None else DEFAULT_CAP
    while not game.is_over:
        if chk.step % every == 0:
            chk.deep()
        seats = game.to_act
        if game.current_player is None and len(seats) < 2:
            chk.fail(f"to_act={seats} but current_player is None")
        for seat in seats:
            if seat in game.to_act:
                moves = game.legal_moves(seat)
                if not moves:
                    chk.fail(f"seat {seat} is to act but has no legal move")
                game.play(moves[players.randrange(len(moves))], seat)
                chk.step += 1
                if game.scores != announced[-1]:
                    chk.fail(f"scores changed to {game.scores} without a ScoresChanged event "
                             f"(last announced: {announced[-1]})")
        if chk.step > cap:
            chk.fail(f"the game did not end within {cap} decisions")
    _check_end(chk, game, delivered)
    for seat, move in game.history:
        early.play(move, seat)
    if early.to_dict() != game.to_dict():
        chk.fail("a clone made at the start, given the same moves, does not reach the same state "
                 "(the clone's generator followed the original's draws?)")
    return game.history


def _check_end(chk: _Checker, game: AnyGame, delivered: list[Event]) -> None:
    chk.deep()
    result = game.result
    ended = [e for e in delivered if isinstance(e, GameEnded)]
    if len(ended) != 1 or ended[0].result != result:
        chk.fail(f"{len(ended)} GameEnded events; the game needs one, carrying game.result")
    played = tuple((e.seat, e.move) for e in delivered if isinstance(e, MovePlayed))
    if played != game.history:
        chk.fail("the MovePlayed events are not the history")
    if result is None:
        chk.fail("the game is over but result is None")
    elif len(result.returns) != game.num_players:
        chk.fail("result.returns needs one value per seat")
    if game.legal_moves(0) or game.to_act or game.current_player is not None:
        chk.fail("a finished game still lists moves or seats to act")
    before = game.to_dict()
    for m in list(chk.pool.values())[:3]:
        chk._refused(m, None, before, "a move after the end")
        chk._refused(m, 0, before, "a move after the end")
    for event in delivered:
        d = event.to_dict()
        if _json_round(d) != d:
            chk.fail(f"event {type(event).__name__} is not JSON-compatible")
        if event.private_to is not None and not 0 <= event.private_to < game.num_players:
            chk.fail(f"event {type(event).__name__} is private to a seat that does not exist")
        for seat in range(game.num_players):
            seen = event.visible_to(seat)
            if seen is not None and seen.private_to not in (None, seat) and seen is event:
                chk.fail(f"event {type(event).__name__} private to seat {event.private_to} "
                         f"is shown whole to seat {seat}")


def _transcript(make_game: Callable[[int], AnyGame], seed: int, cap: int) -> tuple[Any, Any]:
    game = make_game(seed)
    players = random.Random(seed)
    steps = 0
    while not game.is_over and steps <= cap:
        for seat in game.to_act:
            if seat in game.to_act:
                moves = game.legal_moves(seat)
                game.play(moves[players.randrange(len(moves))], seat)
                steps += 1
    return [(s, str(m)) for s, m in game.history], game.to_dict()


def run_conformance(make_game: Callable[[int], AnyGame], *, examples: int = 10,
                    max_decisions: int | None = None, complete_moves: bool = True,
                    every: int = 1, samples: int = 1) -> None:
    """Run :func:`check_playout` on ``examples`` seeds chosen by Hypothesis, then check determinism.

    Needs the ``hypothesis`` package (in the ``dev`` extra).

    Raises:
        ConformanceError: on the first broken promise (Hypothesis shrinks the seed).
    """
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck),
              phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink))
    @given(st.integers(min_value=0, max_value=2**31 - 1))
    def playout(seed: int) -> None:
        check_playout(make_game, seed, max_decisions=max_decisions, complete_moves=complete_moves,
                      every=every, samples=samples)

    playout()
    cap = max_decisions if max_decisions is not None else DEFAULT_CAP
    for seed in (1, 2):
        if _transcript(make_game, seed, cap) != _transcript(make_game, seed, cap):
            raise ConformanceError(f"seed={seed}: the same seed gave two different games")


def check_hardening(make_game: Callable[[int], AnyGame], seed: int, steps: int, *, tampers: int = 20,
                    texts: tuple[str, ...] = (), strangers: tuple[Move, ...] = ()) -> None:
    """Play ``steps`` random decisions from a seeded game, then attack its boundary.

    A tamper suite: junk in ``start`` (``{"seed": "x", "zzz": 1}``...) is
    refused; the state relabelled with another version is refused or loads
    the very same game; each flipped flag (every boolean of the state:
    ``simultaneous``, Macarra's ``recycled``...) is refused or honoured, never
    silently undone (so a flag the history decides is refused); the ``start`` of another deal (the seed
    plus one) is refused; then ``tampers`` random mutations of
    ``to_dict``, each refused with ``InvalidStateError`` or loading a state
    that plays on and whose ``record()`` replays to it.

    Malformed moves: fields of the wrong type cannot be built
    (``IllegalMoveError`` with code ``bad_field``), while a tuple field takes
    a list and keeps an equal tuple that later changes to the list leave
    alone; a listed move with a field
    forced past its validators (``object.__setattr__``: ``2.0`` for ``2``,
    ``True`` for ``1``, ``None``...) is refused, or recorded as the game's own
    listed move, never the caller's object, and refused with code
    ``bad_field`` when the forced value equals the field's in another type
    (``2.0`` or ``True``: no constructor builds that move); moves of other games in
    ``strangers``, stale moves, wrong seats and ``None`` are refused with a
    ``NaipesError``; every refused move leaves ``to_dict`` and the RNG as
    they were; ``play()`` from an event handler is refused with code
    ``reentrant``, also once the handler unsubscribed itself.

    Then a notation fuzz (parsers raise only ``NotationError``).

    Raises:
        ConformanceError: naming the seed, step and broken promise.

    .. versionchanged:: 1.2
       Start junk, version labels, flipped flags, forced fields, the RNG of
       refused moves and re-entrant play are probed; a list for a tuple field
       of a move must be taken (as an equal tuple), no longer refused.
       A loaded state's ``record()`` must replay to that state, and the start of
       another deal must be refused (or replay to it).
    """
    game = make_game(seed)
    rng = random.Random(seed)
    stale: list[Move] = []
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        stale.append(moves[rng.randrange(len(moves))])
        game.play(stale[-1], seat)
    where = f"{game.name} seed={seed} step={len(game.history)}"
    for problem in (_tamper.tamper(game.clone(), random.Random(seed), tampers),
                    _tamper.malformed_moves(game, stale, list(strangers)),
                    _tamper.notation_fuzz(game, list(texts))):
        if problem:
            raise ConformanceError(f"{where}: {problem}")


def run_hardening(make_game: Callable[[int], AnyGame], *, examples: int = 5, tampers: int = 20,
                  strangers: tuple[Move, ...] = ()) -> None:
    """Run :func:`check_hardening` on positions and texts chosen by Hypothesis.

    .. versionadded:: 1.0
    """
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    # no shrinking: every failure names its seed and step, and shrinking tampered states is slow
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck), phases=(Phase.explicit, Phase.generate))
    @given(st.integers(0, 2**31 - 1), st.integers(0, 120), st.lists(st.text(max_size=12), max_size=8))
    def attack(seed: int, steps: int, texts: list[str]) -> None:
        check_hardening(make_game, seed, steps, tampers=tampers, texts=tuple(texts), strangers=strangers)

    attack()


def check_trackers(make_game: Callable[[int], AnyGame], space: Any, seed: int, *, own_turns: bool = True,
                   max_decisions: int | None = None) -> int:
    """Play one seeded random game: each seat's tracker writes what ``space.encode(view)`` gives.

    ``space`` is the game's :class:`~naipes.actions.ActionSpace` (its
    :meth:`~naipes.actions.ActionSpace.tracker` makes one tracker per seat). With
    ``own_turns`` (the default) a seat's tracker is asked only when that seat decides,
    as a learning loop asks it, so the moves of the other seats lie between two of its
    ``encode()`` calls: a tracker that rewrites only what the moves since changed must
    not miss one. Else every seat's tracker is asked before every move. Its
    ``legal_ids()`` must be the space's too, and at the end every seat's tracker is asked.

    Returns:
        the decisions checked.

    Raises:
        ConformanceError: naming the seed, the move, the seat and the first places that differ.

    .. versionadded:: 1.2
    """
    game = make_game(seed)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    players = random.Random(seed)
    cap = max_decisions if max_decisions is not None else DEFAULT_CAP
    checked = 0

    def look(seat: int) -> None:
        view = game.view(seat)
        got, want = tuple(trackers[seat].encode()), tuple(space.encode(view))
        where = f"{game.name} seed={seed} move={len(game.history)} seat {seat}"
        if got != want:
            places = [i for i, (a, b) in enumerate(zip(got, want)) if a != b][:5]
            raise ConformanceError(f"{where}: the tracker's observation differs from encode(view) "
                                   f"at places {places} (of {len(want)})")
        if tuple(trackers[seat].legal_ids()) != tuple(space.legal_ids(view)):
            raise ConformanceError(f"{where}: the tracker's legal_ids differ from legal_ids(view)")

    while not game.is_over and checked <= cap:
        for seat in game.to_act:
            if seat not in game.to_act:
                continue
            for s in (seat,) if own_turns else range(game.num_players):
                look(s)
            checked += 1
            moves = game.legal_moves(seat)
            game.play(moves[players.randrange(len(moves))], seat)
    for s in range(game.num_players):
        look(s)
    return checked


def run_in_threads(work: Callable[[Any], Any], jobs: Sequence[Any], *, switch: float = 1e-6) -> list[Any]:
    """Run ``work(job)`` for every job, each in its own thread, all released at once.

    The interpreter switches threads every ``switch`` seconds meanwhile (restored
    after), so unguarded shared state shows. Returns the results in job order.

    Raises:
        ConformanceError: when a job raised (the first exception is its cause).

    .. versionadded:: 1.0
    """
    import sys
    import threading

    results: dict[int, Any] = {}
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(jobs))

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(jobs[i])
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(switch)
    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    if errors:
        raise ConformanceError(f"a job raised in a thread: {errors[0]!r}") from errors[0]
    return [results[i] for i in range(len(jobs))]


def check_threads(work: Callable[[Any], Any], jobs: Sequence[Any], *, switch: float = 1e-6) -> None:
    """:func:`run_in_threads` gives what running the jobs one after another gives.

    Raises:
        ConformanceError: naming the first job whose threaded result differs.

    .. versionadded:: 1.0
    """
    threaded = run_in_threads(work, jobs, switch=switch)
    for job, got in zip(jobs, threaded):
        if got != work(job):
            raise ConformanceError(f"job {job!r} gave another result in a thread than alone")
