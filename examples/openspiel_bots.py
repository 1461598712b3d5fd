#!/usr/bin/env python3
"""OpenSpiel's Python search bots playing naipes' Machuco through the OpenSpiel adapter.

``ISMCTSBot`` searches the information set (it deals worlds with
``resample_from_infostate``, i.e. ``view.sample``); ``MCTSBot`` searches the true
state, so it sees the hidden cards: a cheating baseline. Random play fills the
other seat. Needs ``pip install "naipes-games[openspiel]"``.

    python examples/openspiel_bots.py                 # 6 hands, 40 simulations a move
    python examples/openspiel_bots.py --games 2 --simulations 8
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from naipes.adapters import openspiel


def bots(game: object, kind: str, simulations: int, rng: np.random.RandomState) -> object:
    """An OpenSpiel bot of ``kind`` ("ismcts", "mcts" or "random")."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng)
    if kind == "mcts":
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                            random_state=rng, solve=False)
    return RandomPlayer(rng)


class RandomPlayer:
    """Uniform random play in Python (the C++ ``pyspiel`` bots crash on Python games)."""

    def __init__(self, rng: np.random.RandomState) -> None:
        self.rng = rng

    def step(self, state: object) -> int:
        """A uniformly random legal action."""
        legal = state.legal_actions()  # type: ignore[attr-defined]
        return int(legal[self.rng.randint(len(legal))])


def play(game: object, players: list[object]) -> list[float]:
    """One game between ``players`` (one per seat); its returns."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        bot = players[state.current_player()]
        state.apply_action(bot.step(state))  # type: ignore[attr-defined]
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = openspiel.load("machuco", players=2, scope="hand", seed=args.seed)
    rng = np.random.RandomState(args.seed)
    for pairing in (("ismcts", "random"), ("mcts", "random"), ("ismcts", "mcts")):
        totals = [0.0, 0.0]
        for i in range(args.games):
            order = pairing if i % 2 == 0 else pairing[::-1]
            seats = [bots(game, k, args.simulations, rng) for k in order]
            returns = play(game, seats)
            for seat, kind in enumerate(order):
                totals[pairing.index(kind)] += returns[seat]
        print(f"{pairing[0]:>7} vs {pairing[1]:<7} returns over {args.games} hands: "
              f"{totals[0]:+.1f} / {totals[1]:+.1f}")


if __name__ == "__main__":
    main()
