"""Typical user code, type-checked by ``mypy --strict`` in ``.ci/run`` (pytest never runs it).

It must stay clean: a custom bot per game, every shipped bot passed to
``play_game`` with its game, handlers on the shared events, per-seat
subscriptions, an ``EventLog``, ``parse_move`` and error codes. If naipes'
types regress (a non-generic ``View`` or ``Bot``, a bot whose ``choose`` takes
the wrong view, a game not seen as exported), this file stops checking.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import naipes
from naipes import macarra, machiavelli, machuco, ranzo
from naipes.events import CardsDealt, Event, EventLog, GameEnded, HandEnded, MovePlayed, ScoresChanged


# -- a custom bot per game -----------------------------------------------------------
class FirstMachuco:
    """Plays the first legal move."""

    def choose(self, view: machuco.View) -> machuco.Move:
        return view.legal_moves[0]


class LastMacarra:
    def choose(self, view: macarra.View) -> macarra.Move:
        if view.forced_move is not None:
            return view.forced_move
        return view.legal_moves[-1]


class RandomRanzo:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: ranzo.View) -> ranzo.Move:
        return self.rng.choice(view.legal_moves)


class FirstMachiavelli:
    def choose(self, view: machiavelli.View) -> machiavelli.Move:
        return view.legal_moves[0]


# -- every shipped bot, with its game --------------------------------------------------
def shipped_bots() -> list[naipes.Result]:
    results = [
        naipes.play_game(machuco.Game(seed=1), [machuco.MachucoBot(), naipes.RandomBot(1)]),
        naipes.play_game(machuco.Game(machuco.Rules(players=2), seed=1), [FirstMachuco(), machuco.MachucoBot(2)]),
        naipes.play_game(macarra.Game(seed=1), [macarra.PerfectBot(), macarra.CarelessBot(0.2, seed=1)]),
        naipes.play_game(macarra.Game(seed=2), [LastMacarra(), naipes.RandomBot(3)]),
        naipes.play_game(ranzo.Game(seed=1), [ranzo.RanzoBot(1), ranzo.RanzoBot(2), RandomRanzo(3),
                                              naipes.RandomBot(4)]),
        naipes.play_game(machiavelli.Game(seed=1), [machiavelli.SolverBot(1), machiavelli.BaselineBot(2),
                                                    FirstMachiavelli()]),
    ]
    bots: list[naipes.Bot[machuco.View, machuco.Move]] = [machuco.MachucoBot(), naipes.RandomBot(2)]
    results.append(naipes.play_game(machuco.Game(seed=3), bots))
    mixed: Sequence[naipes.Bot[ranzo.View, ranzo.Move]] = [ranzo.RanzoBot(), RandomRanzo(1),
                                                          naipes.RandomBot(), ranzo.RanzoBot(9)]
    results.append(naipes.play_game(ranzo.Game(seed=4), mixed))
    return results


def game_results() -> tuple[machuco.Result | None, ranzo.Result | None]:
    """Each game's own Result subclass, under that name."""
    a = machuco.Game(seed=1)
    naipes.play_game(a, [machuco.MachucoBot(), machuco.MachucoBot()])
    b = ranzo.Game(seed=1)
    return a.result, b.result


# -- handlers on the shared events -----------------------------------------------------
def scoreboard(game: macarra.Game) -> list[tuple[int, ...]]:
    totals: list[tuple[int, ...]] = []
    game.events.subscribe(ScoresChanged, lambda e: print(e.totals))
    game.events.subscribe(ScoresChanged, lambda e: totals.append(e.totals))
    game.events.subscribe(HandEnded, lambda e: print(e.hand, e.scores))

    def on_end(event: GameEnded) -> None:
        print("winners:", event.result.winners, "returns:", event.result.returns)

    stop = game.events.subscribe(GameEnded, on_end)
    naipes.play_game(game, [macarra.PerfectBot(), macarra.PerfectBot()])
    stop()
    return totals


def per_seat(game: ranzo.Game) -> dict[int, list[Event]]:
    streams: dict[int, list[Event]] = {s: [] for s in range(game.num_players)}
    for seat in range(game.num_players):
        game.events.subscribe(Event, streams[seat].append, seat=seat)
    dealt: list[CardsDealt] = []
    game.events.subscribe(CardsDealt, dealt.append, seat=0)
    moves: list[str] = []
    game.events.subscribe(MovePlayed, lambda e: moves.append(f"{e.seat}: {e.move}"))
    return streams


# -- a server: per-seat streams and views, resumed after a reconnect ----------------------
def serve(game: machuco.Game, send: dict[int, list[object]]) -> int:
    log = EventLog(game)
    sent = {seat: 0 for seat in range(game.num_players)}
    while not game.is_over:
        seat = game.to_act[0]
        game.play(game.view(seat).legal_moves[0], seat)
        for s in range(game.num_players):
            for seq, event in log.since(s, sent[s]):
                send[s].append((seq, event.to_dict(), event.visible_to(s)))
            sent[s] = len(log)
            send[s].append(game.view(s).to_dict())
    saved = log.to_dict()
    again = EventLog.from_dict(saved)
    return len(again) + len(game.opening_events)


# -- notation, errors and their codes ---------------------------------------------------
def read_move(game: ranzo.Game, text: str, seat: int | None = None) -> ranzo.Move | None:
    try:
        move: ranzo.Move = game.parse_move(text, seat)
    except naipes.NotationError as exc:
        print(exc.code, exc.text, exc.reason)
        return None
    except naipes.IllegalMoveError as exc:
        print(exc.code, exc.rule, exc.seat, exc.move)
        return None
    return move


def codes() -> list[str]:
    out: list[str] = []
    game = machiavelli.Game(seed=1)
    for call in (lambda: game.view(99), lambda: game.legal_moves(7),
                 lambda: naipes.Card(13, naipes.Suit.OROS), lambda: naipes.find_game("chinchon")):
        try:
            call()
        except naipes.UsageError as exc:
            out.append(exc.code)
        except naipes.NaipesError as exc:
            out.append(f"{type(exc).__name__}: {exc.code} {exc.rule}")
    counts: tuple[int, ...] = naipes.find_game("machuco").player_counts
    out.append(str(counts))
    return out


def clones_and_states(game: machuco.Game) -> machuco.Game:
    twin: machuco.Game = game.clone()
    again: machuco.Game = machuco.Game.from_dict(twin.to_dict())
    view: machuco.View = again.view(0)
    world = view.sample(random.Random(1))
    moves: tuple[machuco.Move, ...] = world.legal_moves()
    history: tuple[tuple[int, machuco.Move], ...] = again.history
    print(moves, history)
    return again


# -- a third-party game (examples/toygame, on MYPYPATH) is typed the same way -------------
def third_party() -> naipes.Result:
    import naipes_toy as toy

    class FirstToy:
        def choose(self, view: toy.View) -> toy.Move:
            return view.legal_moves[0]

    bots: list[naipes.Bot[toy.View, toy.Move]] = [FirstToy(), naipes.RandomBot(2)]
    game = toy.Game(toy.Rules(players=2), seed=1)
    game.events.subscribe(toy.Captured, lambda e: print(e.seat, e.cards, e.totals))
    move: toy.Move = game.parse_move(str(game.legal_moves()[0]))
    game.play(move)
    return naipes.play_game(game, bots)


# -- what mypy must refuse: each ignore below is an error under --strict once it is unused -----
def refused() -> None:
    table = machuco.Game(seed=1)
    naipes.play_game(table, [ranzo.RanzoBot(), machuco.MachucoBot()])  # type: ignore[list-item]
    wrong: naipes.Bot[machuco.View, machuco.Move] = FirstMachiavelli()  # type: ignore[assignment]
    move: machuco.Move = ranzo.Game(seed=1).legal_moves()[0]  # type: ignore[assignment]
    print(wrong, move)
