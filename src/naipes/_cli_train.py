"""``naipes train``: deep Monte-Carlo self-play (:mod:`naipes.learn.dmc`), world-value networks
(:mod:`naipes.learn.worlds`), the shipped bots' recipes.

    naipes train machuco --rule players=2 --rule scope=hand --worlds-games 24000 --hidden 512,256 \
        --epochs 6 --lr 1e-3 --worlds 12 --margin 0.04 --workers 2 --out machuco-2p-hand.npz
    naipes train ranzo --rule rounds=1 --behaviour best --lr 3e-5 --decisions 240000 \
        --eval-every 60000 --eval-games 200 --margin 1.0 --out ranzo-4p-round.npz --svg curve.svg

The recipes of the weights naipes ships, each rebuilding its file byte for byte: Machuco
(2 players, one hand: a value network of open positions fitted on MachucoBot's rollouts, played
inside a small search of sampled worlds; see the RL guide for what it reaches) and Ranzo (4 players, one round). Weights of one's own play with ``LearnedBot.from_file``.
``--worlds-games`` also trains Ranzo (``--rule rounds=1``, four players): it does not beat
RanzoBot, and the shipped Ranzo file stays the deep Monte-Carlo one.

Needs numpy (the ``learn`` extra).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from naipes._cli_games import parse_settings
from naipes.errors import NaipesError

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``train`` command to the subparsers of ``naipes``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "train", help="train a learned bot by deep Monte-Carlo self-play (needs numpy)",
        description="Self-play with an action-value network in numpy (deep Monte-Carlo): every decision is "
                    "trained towards its seat's final score. Prints the learning curve (score against "
                    "RandomBot and the heuristic on fixed tuning seeds) and writes the weights that "
                    "'learned' bots play.")
    p.add_argument("game", help="a game name or alias (see 'naipes games')")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help="a Rules option (repeatable)")
    p.add_argument("--cpu-minutes", type=float, default=60.0, help="CPU budget (default 60)")
    p.add_argument("--decisions", type=int, default=0, help="stop after this many decisions (0: no cap)")
    p.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    p.add_argument("--envs", type=int, default=64, help="games played in lockstep (default 64)")
    p.add_argument("--hidden", default="256,256", help="hidden layer widths (default 256,256)")
    p.add_argument("--lr", type=float, default=3e-4, help="Adam's learning rate (default 3e-4)")
    p.add_argument("--passes", type=int, default=4, help="passes of learning over each pool (default 4)")
    p.add_argument("--pool", type=int, default=8192, help="decisions per pool (default 8192)")
    p.add_argument("--epsilon", type=float, default=0.1, help="exploration (default 0.1)")
    p.add_argument("--heuristic", type=float, default=0.5,
                   help="share of games against the heuristic bot (default 0.5)")
    p.add_argument("--objective", choices=("to_go", "points", "win"), default="to_go",
                   help="the target: the return still to come, the return, or win/loss (default to_go)")
    p.add_argument("--eval-every", type=int, default=200_000, help="decisions between curve points")
    p.add_argument("--eval-games", type=int, default=400, help="games per curve point and opponent")
    p.add_argument("--behaviour", metavar="BOT", default="",
                   help="the learners play this bot's moves (epsilon of them random): learn its action "
                        "values, one step of policy improvement over it (default: the network's own moves)")
    p.add_argument("--prior", type=float, default=0.3,
                   help="the starting bonus of the heuristic's best move (default 0.3)")
    p.add_argument("--margin", type=float, default=0.0,
                   help="at the end, raise the heuristic's best move by this much: the network leaves it only "
                        "where it values another higher by more than the margin (default 0)")
    p.add_argument("--teacher", metavar="BOT", default="",
                   help="first distil this search bot's value of every move (e.g. strong; needs --teacher-decisions "
                        "or --teacher-minutes)")
    p.add_argument("--teacher-minutes", type=float, default=0.0,
                   help="CPU minutes of the budget spent labelling the teacher's decisions (stops on CPU time: "
                        "not reproducible; see --teacher-decisions)")
    p.add_argument("--teacher-decisions", type=int, default=0,
                   help="label the teacher's decisions until this many (whole games; counted, so the run is "
                        "the same on every machine); deep Monte-Carlo then goes on to --decisions only")
    p.add_argument("--dagger", type=int, default=0, metavar="N",
                   help="with --teacher-decisions: DAgger rounds of N labelled decisions; after each, a student "
                        "network trained on all the labels plays the learner's seat (default 0: the teacher plays)")
    p.add_argument("--student-share", type=float, default=1.0,
                   help="with --dagger: the share of the learner's decisions the student plays (default 1)")
    p.add_argument("--epochs", type=int, default=10,
                   help="passes over all the teacher's decisions at the end of its phase (default 10)")
    p.add_argument("--teacher-data", metavar="FILE", default="",
                   help="the teacher's labelled decisions: read first when the file exists, written with the "
                        "new ones after the teacher's phase (.npz); refused when labelled with another --dagger "
                        "or --student-share")
    p.add_argument("--distil", choices=("values", "centered", "policy"), default="values",
                   help="how the teacher's labels are learnt: its values, their differences within a position, "
                        "or its choice (cross-entropy; with --tau, the softmax of its values) (default values)")
    p.add_argument("--tau", type=float, default=0.0,
                   help="with --distil policy: the temperature of the teacher's values (0: its choice)")
    p.add_argument("--keep-best", action="store_true",
                   help="write the weights of the curve point that scored best against the heuristic "
                        "(tuning seeds), not the last")
    p.add_argument("--workers", type=int, default=0,
                   help="self-play in this many processes (default 0: in this one); with --ray, tasks a round")
    p.add_argument("--ray", metavar="ADDRESS", default="",
                   help="self-play on Ray: 'local' (a private local Ray) or a cluster's address (needs the ray extra)")
    p.add_argument("--worlds-games", type=int, default=0, metavar="N",
                   help="instead of deep Monte-Carlo: a world-value network (naipes.learn.worlds; the games and "
                        "rules of its WORLDS_GAMES) fitted on the heuristic's rollouts after every move of N games; its bot samples "
                        "--worlds worlds a decision and raises the heuristic's move by --margin")
    p.add_argument("--worlds", type=int, default=8, help="with --worlds-games: worlds a decision (default 8)")
    p.add_argument("--out", metavar="FILE", help="write the weights (.npz)")
    p.add_argument("--log", metavar="FILE", help="write the curve as JSON lines")
    p.add_argument("--svg", metavar="FILE", help="write the curve as an SVG picture")
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``naipes train``: 0 when trained, 1 for an error (one line on stderr)."""
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")  # small batches: one BLAS thread is fastest
    try:
        from naipes.learn.dmc import Settings, train
    except ImportError as exc:
        print(f"naipes train: needs numpy (pip install 'naipes[learn]'): {exc}", file=sys.stderr)
        return 1
    try:
        hidden = tuple(int(x) for x in args.hidden.split(","))
        if args.worlds_games:
            return _train_worlds(args, hidden)
        settings = Settings(game=args.game, rules=parse_settings(args.rule), seed=args.seed,
                            cpu_minutes=args.cpu_minutes, max_decisions=args.decisions, envs=args.envs,
                            hidden=hidden, learning_rate=args.lr, passes=args.passes, pool=args.pool,
                            epsilon=args.epsilon,
                            heuristic=args.heuristic, objective=args.objective, eval_every=args.eval_every,
                            eval_games=args.eval_games, workers=args.workers, ray=args.ray, behaviour=args.behaviour,
                            prior=args.prior, margin=args.margin, teacher=args.teacher, teacher_minutes=args.teacher_minutes,
                            teacher_decisions=args.teacher_decisions, dagger=args.dagger,
                            student_share=args.student_share,
                            epochs=args.epochs, keep_best=args.keep_best,
                            teacher_data=args.teacher_data, distil=args.distil, tau=args.tau, log=args.log or "", svg=args.svg or "",
                            out=args.out or "")
        train(settings, report=_print_row)
    except (NaipesError, ValueError) as exc:
        print(f"naipes train: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    return 0


def _train_worlds(args: argparse.Namespace, hidden: tuple[int, ...]) -> int:
    """``--worlds-games``: label, fit and write a world-value network (:mod:`naipes.learn.worlds`)."""
    from naipes.errors import UsageError
    from naipes.learn.worlds import save_worlds
    from naipes.learn.worlds_train import check_worlds_run, train_worlds
    from naipes.plugin import plugin

    kit = plugin(args.game)
    rules = kit.rules(settings=parse_settings(args.rule))
    check_worlds_run(kit.info.name, rules, args.worlds_games, args.worlds, args.margin, args.epochs,
                     hidden, args.lr)
    if args.teacher or args.decisions or args.behaviour:
        raise UsageError("--worlds-games trains alone: no --teacher, --decisions or --behaviour",
                         code="bad_option")
    net, meta = train_worlds(rules, games=args.worlds_games, seed=args.seed, worlds=args.worlds,
                             margin=args.margin, hidden=hidden, epochs=args.epochs, lr=args.lr,
                             workers=args.workers, game=kit.info.name,
                             report=lambda e, loss: print(f"pass {e + 1}: loss {loss:.4f}", flush=True))
    print(f"{meta.trained['positions']:,} positions of {args.worlds_games:,} games")
    if args.out:
        save_worlds(net, meta, args.out)
    return 0


def _print_row(row: dict[str, Any]) -> None:
    print(f"{row['decisions']:>10,} decisions {row['samples']:>10,} samples {row['cpu_seconds']:>8.0f} CPU-s  "
          f"vs random {row['random']:.3f}  vs best {row['best']:.3f} "
          f"[{row['best_low']:.3f}, {row['best_high']:.3f}]  loss {row['loss']:.3f}", flush=True)
