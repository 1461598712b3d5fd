#!/usr/bin/env python3
"""Strength of the search bots (naipes.search), on duplicate deals with the seats rotated.

A matchup puts entrant A (``ISMCTSBot``) on the even seats and entrant B on the
odd seats, then replays the same deal (same seed) with A on the odd seats and B
on the even ones. A game is one Machuco hand (``scope="hand"``), one Ranzo round
(``rounds=1``) or one Machiavelli deal (``mode="single_deal"``, 2 players). A
game is won by the entrant whose seats' summed ``Result.returns`` is higher
(equal: a tie); score = wins + 1/2 ties. The 95 % interval is 1.96 standard
errors of the per-deal mean score (the two games of a deal are correlated, so
the deal is the unit). ISMCTS's decision times count decisions with two or more
legal moves (one legal move answers at once) and are CPU times of the process
(``time.process_time``): the runs share the cores with other work, and wall
times (also written, ``median_wall_ms``) grow with the load. BLAS runs on one thread
(``OMP_NUM_THREADS`` and the like default to 1 before numpy loads).

Matchups: ``machuco2`` and ``machuco4`` (teams) against MachucoBot, ``ranzo``
against RanzoBot, ``machiavelli`` against SolverBot, ``openspiel`` (Machuco 2p:
ours against OpenSpiel's Python ISMCTSBot through ``naipes.adapters.openspiel``,
random rollouts on both sides, budgets tuned to equal median time), and
``macarra`` (the punishment bids of ISMCTS against PerfectBot's, scored in
pairs on the same hidden card).

``--peek all`` / ``--peek hands`` (Ranzo) let entrant A search the true deal, or
the true hands with the stock reshuffled: not a bot, the ceiling that hidden
information leaves a search bot.

    python benchmarks/bots_search.py --smoke                 # a few seconds
    nice python benchmarks/bots_search.py --matchups ranzo --deals 1100 --minutes 60 --json out.json
    python benchmarks/bots_search.py --merge a.json b.json --markdown strength.md
    python benchmarks/bots_search.py --matchups ranzo --seeds tuning --a-weights mine.npz  # a file of one's own
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import platform
import statistics
import sys
import time
from typing import Any, Callable

# One BLAS thread, set before numpy loads: the learned bots' forward passes are small, and on a
# busy 2-core machine OpenBLAS threads cost far more CPU than they save (the times are CPU times).
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import naipes
from naipes.bots import Bot, load_bot
from naipes.plugin import plugin

#: ISMCTS iterations per decision, tuned so the median decision takes <= 50 ms here.
BUDGETS = {"machuco2": 100, "machuco4": 100, "ranzo": 45, "machiavelli": 15, "openspiel": 100,
           "macarra": 200}
#: OpenSpiel ISMCTSBot simulations, tuned to the median time of ours in ``openspiel``.
OPENSPIEL_SIMULATIONS = 8

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "machuco2": ("machuco", {"players": 2, "scope": "hand"}),
    "machuco4": ("machuco", {"players": 4, "teams": True, "scope": "hand"}),
    "ranzo": ("ranzo", {"rounds": 1}),
    "machiavelli": ("machiavelli", {"players": 2, "mode": "single_deal"}),
    "openspiel": ("machuco", {"players": 2, "scope": "hand"}),
    "macarra": ("macarra", {}),
    "toy": ("toy", {"players": 2}),
}
#: Entrant B where it is not the game's best bot: the toy's generic ``strong`` plays RandomBot.
OPPONENTS = {"toy": "random"}
#: The deal seeds: configurations are tuned on seeds below ``TUNING_END`` and reported on
#: seeds from ``HELD_OUT`` up (``--seeds tuning|held-out``; ``--first-deal`` overrides).
TUNING_END = 100_000
HELD_OUT = 1_000_000
SEEDS = {"tuning": 0, "held-out": HELD_OUT}


def ensure_toy() -> None:
    """Register the example third-party game (``examples/toygame``) when nothing registered it."""
    from pathlib import Path

    try:
        naipes.find_game("toy")
    except naipes.UsageError:
        toy_dir = str(Path(__file__).resolve().parent.parent / "examples" / "toygame")
        if toy_dir not in sys.path:
            sys.path.append(toy_dir)
        import naipes_toy

        naipes.registry.register(naipes_toy.GAME_INFO)


def make_game(matchup: str, seed: int) -> Any:
    name, rules = GAMES[matchup]
    if name == "toy":
        ensure_toy()
    module = naipes.find_game(name).load()
    return module.Game(module.Rules(**rules), seed=seed)


class Timed:
    """Wraps a bot: records the time and iterations of each decision with a choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.walls: list[float] = []
        self.iterations: list[int] = []

    def choose(self, view: Any) -> Any:
        start, wall = time.process_time(), time.perf_counter()
        move = self.bot.choose(view)
        if len(view.legal_moves) > 1:
            self.times.append(time.process_time() - start)
            self.walls.append(time.perf_counter() - wall)
            self.iterations.append(getattr(self.bot, "last_iterations", 0))
        return move


def _outcome(returns: tuple[float, ...], a_seats: tuple[int, ...]) -> float:
    a = sum(r for s, r in enumerate(returns) if s in a_seats)
    b = sum(r for s, r in enumerate(returns) if s not in a_seats)
    return 1.0 if a > b else 0.0 if a < b else 0.5


class Peek:
    """A view whose samples are the true game: every card (``"all"``), or the true hands with
    the stock reshuffled (``"hands"``, Ranzo). ``--peek`` measures what hidden information
    costs a search bot; a ceiling, not a bot."""

    #: read by bots that deal their own worlds (a world-value bot's inference): deal from here.
    peeked = True

    def __init__(self, view: Any, game: Any, mode: str) -> None:
        self._view, self._game, self._mode = view, game, mode

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    def sample(self, rng: Any) -> Any:
        world = self._game.clone()
        if self._mode == "hands":
            rng.shuffle(world._stock)
        return world


def _peeked_class(cls: type) -> type:
    """A subclass of a :class:`~naipes.search.DeterminizedBot` class whose ``_sample`` hook is
    the generic one (``view.sample``) and that neither draws its worlds at once (``infer=``) nor
    enumerates them (``exact=``): a bot that deals its own worlds (Ranzo's ``StrongBot`` by its
    belief, inference) then deals them from the :class:`Peek` view too."""
    from naipes.search import DeterminizedBot

    def _sample(self: Any, view: Any) -> Any:
        return view.sample(self._rng)

    def _none(self: Any, view: Any) -> None:
        return None

    if not issubclass(cls, DeterminizedBot) or cls.__dict__.get("_peeked"):
        return cls
    return type(f"Peeked{cls.__name__}", (cls,), {"__slots__": (), "_sample": _sample, "_draw_worlds": _none,
                                                  "_enumerate": _none, "_peeked": True})


class Peeking:
    """Wraps entrant A's bot: it is asked with :class:`Peek` views of ``game``, and a bot that
    deals its own worlds (``DeterminizedBot._sample``, Ranzo's belief) deals them from the peek."""

    def __init__(self, bot: Any, game: Any, mode: str) -> None:
        bot.__class__ = _peeked_class(type(bot))
        self.bot, self.game, self.mode = bot, game, mode

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def choose(self, view: Any) -> Any:
        return self.bot.choose(Peek(view, self.game, self.mode))


def play_deal(matchup: str, deal: int, make_a: Callable[[int], Any], make_b: Callable[[int], Bot[Any, Any]],
              timers: list[Timed], peek: str | None = None) -> list[float]:
    """Both seatings of one deal: A's score in each."""
    scores = []
    for rotation in (0, 1):
        game = make_game(matchup, deal)
        a_seats = tuple(s for s in range(game.num_players) if s % 2 == rotation)
        bots: list[Any] = []
        for s in range(game.num_players):
            seed = deal * 100 + rotation * 10 + s
            if s in a_seats:
                timer = Timed(make_a(seed) if peek is None else Peeking(make_a(seed), game, peek))
                timers.append(timer)
                bots.append(timer)
            else:
                bots.append(make_b(seed))
        result = naipes.play_game(game, bots)
        scores.append(_outcome(result.returns, a_seats))
    return scores


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a mean score (wins + 1/2 ties) over ``n`` deals."""
    if n == 0:
        return float("nan"), float("nan")
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def summary(deal_scores: list[float], timers: list[Timed]) -> dict[str, Any]:
    """Score and intervals over the deals (normal and Wilson), and the decision times of A."""
    n = len(deal_scores)
    mean = statistics.fmean(deal_scores) if n else float("nan")
    half = 1.96 * statistics.stdev(deal_scores) / math.sqrt(n) if n > 1 else float("nan")
    lo, hi = wilson(mean, n)
    times = [t for timer in timers for t in timer.times]
    walls = [t for timer in timers for t in timer.walls]
    its = [i for timer in timers for i in timer.iterations]
    return {"deals": n, "games": 2 * n, "score": mean, "half_width": half, "wilson": [lo, hi],
            "median_ms": 1000 * statistics.median(times) if times else None,
            "median_wall_ms": 1000 * statistics.median(walls) if walls else None,
            "decisions": len(times), "iterations_per_s": sum(its) / sum(times) if times else None}


def entrant_a(matchup: str, a: argparse.Namespace) -> str:
    """A's spec: ``--a``, else ISMCTS when ``--iterations`` or ``--rollout`` is given, else the game's ``strong``."""
    if a.a:
        return str(a.a)
    if matchup == "openspiel" or a.iterations or a.rollout:
        iterations = a.iterations or BUDGETS[matchup]
        return f"ismcts:iterations={iterations}" + (f",rollout={a.rollout}" if a.rollout else "")
    return str(plugin(GAMES[matchup][0]).bots()["strong"])


def weights_entrant(path: str, game: str) -> Callable[[int], Bot[Any, Any]]:
    """Entrant A playing a weight file of one's own (``--a-weights``: a local, trusted file; read
    once, its metadata checked against each view as the shipped weights are).

    Raises:
        SystemExit: (a one-line message, exit status 1) for a file that cannot be read as weights
            or that was made for another game.
    """
    from naipes.errors import NaipesError
    from naipes.learn.bot import LearnedBot, load_any

    try:
        loaded = load_any(path)
    except (OSError, NaipesError) as exc:
        raise SystemExit(f"bots_search.py: error: --a-weights {path}: {exc}") from None
    if loaded[1].game != game:
        raise SystemExit(f"bots_search.py: error: --a-weights {path}: weights of {loaded[1].game}, not {game}")
    return lambda seed: LearnedBot(seed, network=loaded)


def run_matchup(matchup: str, a: argparse.Namespace) -> dict[str, Any]:
    """Play ``a.deals`` deals (or until ``a.minutes``), writing partial results to ``a.json``."""
    if matchup == "openspiel":
        return run_openspiel(a)
    if matchup == "macarra":
        return run_macarra(a)
    game = GAMES[matchup][0]
    make_game(matchup, 0)  # registers the toy
    best = OPPONENTS.get(matchup) or naipes.find_game(game).best_bot
    assert best is not None
    spec = entrant_a(matchup, a)
    make_a = weights_entrant(a.a_weights, game) if a.a_weights else lambda seed: load_bot(spec, seed=seed, game=game)
    if a.a_weights:
        spec = f"learned (weights {a.a_weights})"
    make_b = lambda seed: load_bot(best, seed=seed)  # noqa: E731
    deal_scores: list[float] = []
    timers: list[Timed] = []
    stop = time.monotonic() + 60 * a.minutes
    for deal in range(a.first_deal, a.first_deal + a.deals):
        deal_scores.append(statistics.fmean(play_deal(matchup, deal, make_a, make_b, timers, a.peek)))
        if time.monotonic() > stop:
            break
        if a.partial and len(deal_scores) % 10 == 0:
            write(a.partial, {matchup: {**summary(deal_scores, timers), "a": spec, "b": best, "partial": True}})
    return {**summary(deal_scores, timers), "a": spec, "b": best, "first_deal": a.first_deal,
            **({"peek": a.peek} if a.peek else {})}


class OpenSpielSide:
    """OpenSpiel's Python ISMCTSBot on the adapter's state, timed per decision."""

    def __init__(self, game: Any, simulations: int, seed: int) -> None:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self.simulations = simulations
        self.bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                                    random_state=rng, allow_inconsistent_action_sets=True)
        self.times: list[float] = []

    def step(self, state: Any) -> int:
        start = time.process_time()
        action = int(self.bot.step(state))
        if len(state.legal_actions()) > 1:
            self.times.append(time.process_time() - start)
        return action


def _openspiel_game(spiel_game: Any, deal: int, ours: Timed, theirs: OpenSpielSide, our_seat: int) -> float:
    from naipes.adapters.openspiel import NaipesSpielState, space_of

    state = NaipesSpielState(spiel_game, make_game("openspiel", deal))
    space = space_of(spiel_game)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == our_seat:
            view = state.game.view(seat)
            state.apply_action(space.index(ours.choose(view), view))
        else:
            state.apply_action(theirs.step(state))
    return _outcome(tuple(state.returns()), (our_seat,))


def run_openspiel(a: argparse.Namespace) -> dict[str, Any]:
    """Ours (naipes' ISMCTSBot, random rollouts unless ``--rollout``) against OpenSpiel's Python
    ISMCTSBot (random rollouts), Machuco 2p hands, duplicate deals."""
    from naipes.adapters import openspiel

    spec = entrant_a("openspiel", a)
    if not a.a and not a.rollout:
        spec += ",rollout=random"
    simulations = a.simulations or OPENSPIEL_SIMULATIONS
    spiel_game = openspiel.load("machuco", players=2, scope="hand")
    deal_scores: list[float] = []
    timers: list[Timed] = []
    theirs_all: list[OpenSpielSide] = []
    stop = time.monotonic() + 60 * a.minutes
    for deal in range(a.first_deal, a.first_deal + a.deals):
        pair = []
        for our_seat in (0, 1):
            ours = Timed(load_bot(spec, seed=deal * 10 + our_seat, game="machuco"))
            theirs = OpenSpielSide(spiel_game, simulations, deal * 10 + 1 - our_seat)
            timers.append(ours)
            theirs_all.append(theirs)
            pair.append(_openspiel_game(spiel_game, deal, ours, theirs, our_seat))
        deal_scores.append(statistics.fmean(pair))
        if a.partial and len(deal_scores) % 10 == 0:
            write(a.partial, {"openspiel": {**_openspiel_summary(deal_scores, timers, theirs_all, spec,
                                                                 simulations), "partial": True}})
        if time.monotonic() > stop:
            break
    return {**_openspiel_summary(deal_scores, timers, theirs_all, spec, simulations), "first_deal": a.first_deal}


def _openspiel_summary(deal_scores: list[float], timers: list[Timed], theirs: list[OpenSpielSide],
                       spec: str, simulations: int) -> dict[str, Any]:
    out = summary(deal_scores, timers)
    times = [t for side in theirs for t in side.times]
    out.update({"a": f"naipes {spec}",
                "b": f"open_spiel's Python ISMCTSBot(max_simulations={simulations}, uct_c=2, random rollouts)",
                "b_median_ms": 1000 * statistics.median(times) if times else None,
                "b_iterations_per_s": simulations * len(times) / sum(times) if times else None})
    return out


def run_macarra(a: argparse.Namespace) -> dict[str, Any]:
    """At each final punishment between PerfectBots: ISMCTS's bid and PerfectBot's, on the same hidden card."""
    from naipes.macarra import Bid, PerfectBot

    spec = a.a or f"ismcts:iterations={a.iterations or BUDGETS['macarra']}"  # --a strong: PerfectBot
    bids: dict[int, int] = {}
    diffs: list[float] = []
    perfect_bid = None
    timers: list[Timed] = []
    stop = time.monotonic() + 60 * a.minutes
    for deal in range(a.first_deal, a.first_deal + a.deals):
        game = make_game("macarra", deal)
        perfect = [PerfectBot() for _ in range(game.num_players)]
        while not game.is_over:
            if len(game.to_act) > 1 and all(isinstance(m, Bid) for m in game.legal_moves(game.to_act[0])):
                timer = Timed(load_bot(spec, seed=deal, game="macarra"))
                timers.append(timer)
                seat = game.to_act[0]
                view = game.view(seat)
                ours, theirs = timer.choose(view), perfect[seat].choose(view)
                bids[ours.amount] = bids.get(ours.amount, 0) + 1
                perfect_bid = theirs.amount
                diffs.append(_bid_return(game, seat, ours, perfect) - _bid_return(game, seat, theirs, perfect))
            for s in sorted(game.to_act):
                if s in game.to_act:
                    game.play(perfect[s].choose(game.view(s)), s)
        if time.monotonic() > stop:
            break
    n = len(diffs)
    times = [t for timer in timers for t in timer.times]
    return {"a": spec, "b": "naipes.macarra.bots:PerfectBot", "windows": n,
            "ismcts_bids": dict(sorted(bids.items())), "perfect_bid": perfect_bid,
            "mean_return_diff": statistics.fmean(diffs) if diffs else None,
            "half_width": 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else None,
            "median_ms": 1000 * statistics.median(times) if times else None}


def _bid_return(game: Any, seat: int, bid: Any, perfect: list[Any]) -> float:
    """``seat``'s return when it bids ``bid`` and the others bid as PerfectBot (same RNG: same card)."""
    branch = game.clone()
    branch.play(bid, seat)
    while not branch.is_over:
        for s in sorted(branch.to_act):
            if s in branch.to_act:
                branch.play(perfect[s].choose(branch.view(s)), s)
    return float(branch.result.returns[seat])


def write(path: str, data: dict[str, Any]) -> None:
    """Write ``data`` (merged into the file's matchups) as JSON."""
    try:
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
    except (OSError, ValueError):
        old = {}
    old.setdefault("matchups", {}).update(data)
    old["meta"] = {"python": platform.python_version(), "machine": platform.machine()}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(old, f, indent=1, sort_keys=True)


def _pct(x: float | None) -> str:
    return "-" if x is None or x != x else f"{100 * x:.1f}"


def table(results: dict[str, dict[str, Any]]) -> str:
    """The strength table as Markdown."""
    lines = ["| matchup | A (ours) | B | deals | first deal | A's score % | 95 % interval | Wilson 95 % "
             "| A median ms | A iter/s |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, r in results.items():
        if name == "macarra":
            continue
        lo = r["score"] - r["half_width"] if r["half_width"] == r["half_width"] else None
        hi = r["score"] + r["half_width"] if lo is not None else None
        interval = f"{_pct(lo)} – {_pct(hi)}" if lo is not None else "-"
        ms = "-" if r["median_ms"] is None else f"{r['median_ms']:.1f}"
        ips = "-" if r["iterations_per_s"] is None else f"{r['iterations_per_s']:.0f}"
        w = r.get("wilson")
        wil = f"{_pct(w[0])} – {_pct(w[1])}" if w else "-"
        first = r.get("first_deal", "-")
        lines.append(f"| {name} | {r['a']} | {r['b']} | {r['deals']} | {first} | {_pct(r['score'])} | {interval} "
                     f"| {wil} | {ms} | {ips} |")
    if "openspiel" in results:
        r = results["openspiel"]
        lines.append(f"\nOpenSpiel's ISMCTSBot: median {r['b_median_ms']:.1f} ms a decision, "
                     f"{r['b_iterations_per_s']:.0f} simulations/s; ours: median {r['median_ms']:.1f} ms, "
                     f"{r['iterations_per_s']:.0f} iterations/s.")
    if "macarra" in results:
        r = results["macarra"]
        diff = "-" if r["mean_return_diff"] is None else f"{r['mean_return_diff']:+.3f} ± {r['half_width'] or 0:.3f}"
        lines.append(f"\nMacarra punishment bids ({r['windows']} bids): {r['a']} bid {r['ismcts_bids']}, "
                     f"PerfectBot bids {r['perfect_bid']}; {r['a']}'s return minus PerfectBot's on the same card: "
                     f"{diff} macarras.")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matchups", default="machuco2,machuco4,ranzo,machiavelli,openspiel,macarra,toy")
    parser.add_argument("--deals", type=int, default=1100)
    parser.add_argument("--seeds", choices=tuple(SEEDS), default="held-out",
                        help=f"the deal seeds: held-out (from {HELD_OUT:,} up: what a report quotes) or "
                             f"tuning (from 0, below {TUNING_END:,}: what a configuration is chosen on)")
    parser.add_argument("--first-deal", type=int, help="the first deal seed (overrides --seeds)")
    parser.add_argument("--minutes", type=float, default=math.inf, help="stop a matchup after this long")
    parser.add_argument("--a", help="entrant A's bot spec (default: the game's strong bot)")
    parser.add_argument("--a-weights", metavar="FILE",
                        help="entrant A plays this weight file of one's own (naipes train --out; LearnedBot)")
    parser.add_argument("--iterations", type=int, help="entrant A: ISMCTS with this budget")
    parser.add_argument("--simulations", type=int, help="override OpenSpiel's budget")
    parser.add_argument("--rollout", help="override ISMCTS's rollout policy (e.g. best, random)")
    parser.add_argument("--peek", choices=("all", "hands"),
                        help="entrant A searches the true deal (all) or the true hands with the stock "
                             "reshuffled (hands, Ranzo only): what hidden information costs, not a bot")
    parser.add_argument("--smoke", action="store_true", help="one deal per matchup, tiny budgets")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--partial", help="write partial results here every 10 deals")
    parser.add_argument("--merge", nargs="*", help="only merge these JSON files into one table")
    parser.add_argument("--markdown", help="write the table as Markdown here")
    a = parser.parse_args()
    if a.peek == "hands" and a.matchups != "ranzo":
        parser.error("--peek hands reshuffles Ranzo's stock: use it with --matchups ranzo")
    if a.first_deal is None:
        a.first_deal = SEEDS[a.seeds]
    if a.seeds == "tuning" and a.first_deal + a.deals > TUNING_END:
        parser.error(f"--seeds tuning: deals {a.first_deal} to {a.first_deal + a.deals - 1} reach the "
                     f"held-out range (tune below {TUNING_END:,})")
    if a.merge:
        results: dict[str, Any] = {}
        for path in a.merge:
            with open(path, encoding="utf-8") as f:
                results.update(json.load(f)["matchups"])
    else:
        if a.smoke:
            a.deals, a.simulations = 1, 4
        results = {}
        for m in a.matchups.split(","):
            if m == "openspiel" and importlib.util.find_spec("pyspiel") is None:
                print("openspiel: skipped (pip install open_spiel)", file=sys.stderr)
                continue
            results[m] = run_matchup(m, a)
            print(f"{m}: {json.dumps(results[m])}", file=sys.stderr, flush=True)
    print(table(results))
    if a.json:
        write(a.json, results)
    if a.markdown:
        with open(a.markdown, "w", encoding="utf-8") as f:
            f.write(table(results) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
