"""Training :class:`~naipes.learn.worlds.ValueNet`: labels from the heuristic's rollouts, and the fit.

See :mod:`naipes.learn.worlds`. Everything here is deterministic for a seed (one BLAS thread).

.. versionadded:: 1.2
"""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np

from naipes.errors import UsageError
from naipes.learn.network import Adam, check_training
from naipes.learn.observe import rules_key
from naipes.learn.worlds import ValueNet, WorldsMeta, check_search, heuristic_of, open_features_of, score_of

__all__ = ["CHUNK", "WORLDS_GAMES", "check_worlds_run", "chunk_seed", "fit", "fit_worlds", "label_games", "label_run", "train_worlds"]

Array = np.ndarray[Any, Any]


def label_games(rules: Any, seed: int, games: int, epsilon: float = 0.1,
                game: str = "machuco") -> tuple[Array, Array, Array]:
    """Open features, scores and leads of the positions after every move of every decision with a
    choice in ``games`` games of the heuristic bot (a share ``epsilon`` of its moves random), each
    move's score and lead those of the heuristic's rollout of a copy of the true position to the end.

    The score is the open-features module's ``score(returns, seat)`` (Machuco: :func:`score_of`, 1 a
    win, 1/2 a tie, 0 a loss), the lead the module's ``lead(returns, seat)`` (Ranzo: the benchmark's
    sides' summed returns, the seat and the seat two on, less the others') or the seat's points less
    the other seat's (Machuco). A game whose module has
    ``decides(moves)`` labels only the decisions it accepts (Ranzo: the claim windows); one whose
    module sets ``LABEL_IN_SAMPLES`` true labels the features of a world sampled from the seat's
    view, not the true position's, with the true position's rollout: the network learns what a
    sampled world says of the true outcome, as the bot will ask it (Ranzo's is false: measured in
    the RL guide, it did not help)."""
    from naipes.registry import find_game

    new_game, features = find_game(game).load().Game, open_features_of(game)
    rng = random.Random(seed)
    players = int(getattr(rules, "players", 2))
    bots = [heuristic_of(game, rng.randrange(2**63)) for _ in range(players)]
    decides, score = getattr(features, "decides", None), getattr(features, "score", None)
    lead = getattr(features, "lead", None)
    sampled = bool(getattr(features, "LABEL_IN_SAMPLES", False))
    worlds_rng = random.Random(seed + 0x5EED)  # its own stream: the games are those of unsampled labels
    rows: list[Array] = []
    labels: list[float] = []
    leads: list[float] = []
    for _ in range(games):
        engine = new_game(rules, seed=rng.randrange(2**63))
        while engine.result is None:
            seat = engine.to_act[0]
            view = engine.view(seat)
            moves = view.legal_moves
            if len(moves) > 1 and (decides is None or decides(moves)):
                seen = _rows(features, view.sample(worlds_rng), seat, moves) if sampled else None
                for i, move in enumerate(moves):
                    branch = engine.clone()
                    branch.play(move, seat)
                    if seen is None:
                        row = np.zeros(features.SIZE, np.float32)
                        features.open_features(branch, seat, row)
                    rows.append(row if seen is None else seen[i])
                    result = _roll_out(branch, bots)
                    labels.append(score(result.returns, seat) if score else score_of(result.returns, seat))
                    leads.append(lead(result.returns, seat) if lead else _points_lead(result, seat))
            move = moves[rng.randrange(len(moves))] if rng.random() < epsilon else bots[seat].choose(view)
            engine.play(move, seat)
    x = np.stack(rows) if rows else np.zeros((0, features.SIZE), np.float32)
    return x, np.asarray(labels, np.float32), np.asarray(leads, np.float32)


def _rows(features: Any, world: Any, seat: int, moves: Any) -> Array:
    """The open features of ``world`` after each of ``moves`` (the module's ``after_moves`` if it has one)."""
    rows = np.zeros((len(moves), features.SIZE), np.float32)
    batch = getattr(features, "after_moves", None)
    if batch is not None:
        batch(world, seat, moves, rows)
        return rows
    for i, move in enumerate(moves):
        branch = world.clone()
        branch.play(move, seat)
        features.open_features(branch, seat, rows[i])
    return rows


def _points_lead(result: Any, seat: int) -> float:
    """The seat's points less the other seat's (two players; a module's ``lead`` otherwise)."""
    return float(result.scores[seat] - result.scores[1 - seat])


def _roll_out(game: Any, bots: Any) -> Any:
    """``game`` played to its end by the bots (their engine fast path where they have one); its result."""
    while game.result is None:
        seat = game.to_act[0]
        bot = bots[seat]
        fast = getattr(bot, "choose_in_game", None)
        game.play(fast(game, seat) if fast else bot.choose(game.view(seat)), seat)
    return game.result


def fit(net: ValueNet, x: Array, y: Array, *, epochs: int, lr: float = 1e-3, batch: int = 512,
        seed: int = 0, report: Callable[[int, float], None] | None = None) -> list[float]:
    """Regress ``net`` on ``(x, y)`` (cross-entropy of its sigmoid, Adam) for ``epochs`` passes,
    each in a shuffled order of ``seed`` and the pass, the learning rate halved after each third
    of the passes; the mean loss of each pass (also given to ``report(pass, loss)``)."""
    adam = Adam(net.params, lr)
    losses = []
    for epoch in range(epochs):
        adam.lr = lr * 0.5 ** (epoch // max(1, epochs // 3))
        order = np.random.default_rng([seed, epoch]).permutation(len(x))
        total = 0.0
        for start in range(0, len(x), batch):
            pick = order[start:start + batch]
            logits, acts = net.forward(x[pick])
            p = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
            t = y[pick]
            total += float(-(t * np.log(p + 1e-7) + (1 - t) * np.log(1 - p + 1e-7)).sum())
            adam.step(net.grads(acts, (p - t) / len(pick)))
        losses.append(total / max(1, len(x)))
        if report is not None:
            report(epoch, losses[-1])
    return losses


#: Games labelled per chunk (a chunk's seed is the run's seed and its index: any split of the work,
#: in processes or not, labels the same positions).
CHUNK = 200


def chunk_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th chunk of labelled games of a run of ``seed`` (at least 10**9,
    apart from every tuning or held-out seed)."""
    return 10**9 + (seed - 1) * 10**6 + index


def _label_chunk(job: tuple[Any, int, int, str]) -> tuple[Array, Array, Array]:
    rules, seed, games, game = job
    return label_games(rules, seed, games, game=game)


def label_run(rules: Any, games: int, seed: int, workers: int = 0,
              game: str = "machuco") -> tuple[Array, Array, Array]:
    """The labelled positions of ``games`` games of ``game`` in chunks of :data:`CHUNK` (in
    ``workers`` processes; the same arrays for any number), in chunk order."""
    jobs = [(rules, chunk_seed(seed, i), min(CHUNK, games - i * CHUNK), game) for i in range(-(-games // CHUNK))]
    if workers > 0:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(_label_chunk, jobs)
    else:
        parts = [_label_chunk(job) for job in jobs]
    return tuple(np.concatenate([p[i] for p in parts]) for i in range(3))  # type: ignore[return-value]


#: The games and rules a world-value network trains for (the rules' fields that must hold).
WORLDS_GAMES: dict[str, dict[str, Any]] = {"machuco": {"players": 2, "scope": "hand"},
                                           "ranzo": {"players": 4, "rounds": 1}}


def check_worlds_run(game: str, rules: Any, games: int, worlds: int, margin: float, epochs: int,
                     hidden: tuple[int, ...] = (256, 128), lr: float = 1e-3) -> None:
    """Refuse a world-value run that cannot be made (code ``bad_option``): a game and rules not in
    :data:`WORLDS_GAMES` (Machuco with two players and one hand, Ranzo with four players and one
    round), counts, a margin, hidden widths or a learning rate out of range."""
    need = WORLDS_GAMES.get(game)
    if need is None or any(getattr(rules, k, None) != v for k, v in need.items()):
        offered = "; ".join(f"{g} with " + ", ".join(f"{k}={v}" for k, v in n.items()) for g, n in WORLDS_GAMES.items())
        raise UsageError(f"world-value networks are for {offered} only", code="bad_option")
    if type(games) is not int or games < 1 or type(epochs) is not int or epochs < 1:
        raise UsageError(f"games and epochs are positive ints, not {games!r}, {epochs!r}", code="bad_option")
    check_search(worlds, margin)
    check_training(hidden, lr)


def train_worlds(rules: Any, *, games: int, seed: int = 1, worlds: int = 8, margin: float = 0.0,
                 hidden: tuple[int, ...] = (256, 128), epochs: int = 6, lr: float = 1e-3, workers: int = 0,
                 report: Callable[[int, float], None] | None = None,
                 game: str = "machuco") -> tuple[ValueNet, WorldsMeta]:
    """Label ``games`` games (:func:`label_run`) and fit a fresh network on them (:func:`fit`):
    the weights and metadata of :class:`~naipes.learn.worlds.WorldsBot`, the same bytes for the same
    arguments (one BLAS thread).

    Raises:
        UsageError: as :func:`check_worlds_run` (code ``bad_option``).
    """
    check_worlds_run(game, rules, games, worlds, margin, epochs, hidden, lr)
    x, y, _ = label_run(rules, games, seed, workers, game)
    return fit_worlds(rules, x, y, games=games, seed=seed, worlds=worlds, margin=margin, hidden=hidden,
                      epochs=epochs, lr=lr, report=report, game=game)


def fit_worlds(rules: Any, x: Array, y: Array, *, games: int, seed: int, worlds: int, margin: float,
               hidden: tuple[int, ...], epochs: int, lr: float,
               report: Callable[[int, float], None] | None = None,
               game: str = "machuco") -> tuple[ValueNet, WorldsMeta]:
    """A fresh network of ``seed`` fitted on the labelled positions of :func:`label_run`, and its
    metadata (:func:`train_worlds`' second half)."""
    features = open_features_of(game)
    net = ValueNet(features.SIZE, hidden, seed=seed)
    fit(net, x, y, epochs=epochs, lr=lr, seed=seed, report=report)
    trained = {"method": "worlds", "games": games, "positions": len(x), "seed": seed, "epochs": epochs,
               "lr": lr, "epsilon": 0.1}
    meta = WorldsMeta(game=game, rules=rules_key(rules), state_version=features.VERSION,
                      inputs=features.SIZE, hidden=tuple(hidden), worlds=worlds, margin=float(margin),
                      trained=trained)
    return net, meta
