"""What a learning loop needs beyond the plain adapters: features, dense rewards, batches, scores.

Needs only ``numpy`` (any of the ``gymnasium``/``rl`` extras brings it). The
training example ``examples/train_ppo.py`` is built on it; the guide
:doc:`/guides/rl` shows a run.

:class:`TrainingEnv` is one seat of a game against bots, as the
:mod:`~naipes.adapters.gymnasium` adapter, with three things a learner needs:

* **features**: the observation is the game's ``ActionSpace.encode`` vector
  followed by the game's own extra features (counts of the unseen cards per
  rank, say), when the game's package has a ``_features`` module (see
  :func:`~naipes.adapters.features.game_features`);
* **dense rewards**: the game's ``progress(view)`` (the part of the seat's return
  already settled: points won in the hand so far, a balance) gives a reward at
  every step, ``progress(after) - progress(before)``, and the last reward is
  ``return - progress(before)``: the rewards of a game add up to its return
  less the progress at the seat's first turn, so the objective is unchanged
  (potential-based shaping) and a game of one hand (``scope="hand"``,
  ``rounds=1``) is a short episode;
* **per-action features**: a game may also give ``action_features`` numbers per
  action id (what playing that card would capture, say), laid after the
  features as an ``(action_size, action_features)`` block, row ``i`` for id ``i``:
  a learner can score each id from its own row (see the example's actor);
* **the heuristic's knowledge** (``knowledge=True``): three more numbers per action
  id after the game's own (:class:`~naipes.adapters.features.Knowledge`): whether the game's heuristic bot
  (``best``) rates the id's move best, the move's likelihood under the heuristic's
  player model relative to the best one, and its gap to the best in the model's
  units (:meth:`~naipes.plugin.GamePlugin.move_scores`): a learner starts from the
  heuristic's judgement and learns corrections to it;
* **normalised rewards**: every reward is divided by the game's ``return_scale``
  (default: the larger bound of the returns), so they lie about in [-1, 1].

:class:`BatchEnv` steps several of them in lockstep with autoreset, into
preallocated arrays; :func:`evaluate` plays a policy against bots on fixed seeds
and gives its :func:`head_to_head` score with a 95 % interval.

>>> env = TrainingEnv("machuco", players=2, scope="hand")
>>> obs, mask = env.reset(seed=1)
>>> obs.shape == (env.observation_size,), mask.dtype.name, bool(mask.any())
(True, 'bool', True)
>>> score = evaluate(RandomPolicy(0), "machuco", games=20, seed=0, players=2, scope="hand")
>>> 0.0 <= score.low <= score.mean <= score.high <= 1.0, score.games
(True, 20)

.. versionadded:: 1.2
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import attrs
import numpy as np

from naipes.adapters._common import advance, resolve

# Defined in naipes.adapters.features since 1.2; still importable from here.
from naipes.adapters.features import KNOWLEDGE as KNOWLEDGE
from naipes.adapters.features import KNOWLEDGE_GAP as KNOWLEDGE_GAP
from naipes.adapters.features import GameFeatures as GameFeatures
from naipes.adapters.features import Knowledge as Knowledge
from naipes.adapters.features import NoFeatures as NoFeatures
from naipes.adapters.features import Observation as Observation
from naipes.adapters.features import game_features as game_features
from naipes.bots import RandomBot, load_bot
from naipes.errors import IllegalMoveError, UsageError
from naipes.plugin import plugin

__all__ = [
    "BatchEnv",
    "Policy",
    "RandomPolicy",
    "Score",
    "TrainingEnv",
    "evaluate",
    "evaluate_bot",
    "gymnasium_env",
    "head_to_head",
]

Array = np.ndarray[Any, Any]


def _opponents(specs: str | Sequence[str], count: int) -> tuple[str, ...]:
    if isinstance(specs, str):
        return (specs,) * count
    if len(specs) != count:
        raise UsageError(f"{count} opponent specs needed, not {len(specs)}", code="wrong_bot_count")
    return tuple(specs)


class TrainingEnv:
    """One seat of ``game`` against bots, with features, dense rewards and boolean masks.

    Args:
        game: the game's name.
        opponents: a bot spec for every other seat (``"random"``, ``"best"``, any spec
            :func:`naipes.bots.load_bot` takes), or one spec per other seat in seat order.
        seat: the learner's seat, or ``None`` for a seat drawn at every reset.
        shaping: whether rewards come at every step from the game's progress (else at the end).
        features: whether the game's extra features follow the encoding.
        knowledge: whether the heuristic's per-action columns (:class:`~naipes.adapters.features.Knowledge`) follow the
            game's own.
        rules: the rules, or rule fields as keywords.

    Bots are built afresh at every reset with seeds drawn from the episode's seed.
    :meth:`reset` and :meth:`step` return new arrays (the seat's tracker writes the
    encoding and the mask into the env's own, which :class:`BatchEnv` lays in its rows).

    .. versionadded:: 1.2
    """

    def __init__(self, game: str, *, opponents: str | Sequence[str] = "random", seat: int | None = None,
                 shaping: bool = True, features: bool = True, knowledge: bool = False, rules: Any = None,
                 **fields: Any) -> None:
        self.info, self.rules, self.space = resolve(game, rules, **fields)
        self.plugin = plugin(self.info)
        self.players = self.plugin.new_game(self.rules, seed=0).num_players
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise UsageError(f"no seat {seat!r} in a {self.players}-player game", code="no_such_seat")
        self.specs = _opponents(opponents, self.players - 1)
        self.fixed_seat, self.shaping = seat, shaping
        made: GameFeatures = game_features(self.info.name, self.rules) if features else NoFeatures()
        self.scale = float(made.return_scale)
        self.layout = Observation(self.space, made,
                                  Knowledge(self.info.name, self.space) if knowledge else None)
        self.encoded = self.layout.encoded
        self.action_size: int = self.layout.ids
        #: where the per-action block starts, and its numbers per id
        self.main_size = self.layout.main
        self.action_features = self.layout.action_features
        self.observation_size = self.layout.size
        self.game: Any = None
        self.seat = 0
        self.bots: list[Any] = []
        self._progress = 0.0
        self._rng = np.random.default_rng()
        self._tracker: Any = None
        self._place(np.zeros(self.observation_size, np.float32), np.zeros(self.action_size, bool))

    @property
    def features(self) -> GameFeatures:
        """The game's extra features (the observation's writer's)."""
        return self.layout.features

    @features.setter
    def features(self, value: GameFeatures) -> None:
        self.layout.features = value

    def _place(self, obs: Array, mask: Array) -> None:
        """Write the observation into ``obs`` and the mask into ``mask`` from now on (the batch's
        rows: :class:`BatchEnv` gives them; they are made once, so the seat's tracker keeps its
        cache of them warm)."""
        self._obs, self._mask_row = obs, mask
        self._encoding = obs[:self.encoded]  # the tracker writes here
        self._tracker = None  # the next game's tracker writes into the new arrays

    def reset(self, seed: int | None = None) -> tuple[Array, Array]:
        """A new game; the bots play up to the seat's turn. Returns the observation and the mask."""
        self._start(seed)
        return self._obs.copy(), self._mask_row.copy()

    def _start(self, seed: int | None) -> None:
        """:meth:`reset`, writing into the env's arrays."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        draw = self._rng.integers
        self.game = self.plugin.new_game(self.rules, seed=int(draw(2**62)))
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(draw(self.players))
        self.bots = [self._bot(spec, int(draw(2**62))) for spec in self.specs]
        self._tracker = self.space.tracker(self.game, self.seat, self._encoding)
        self._advance()
        view = self.game.view(self.seat)
        self._progress = self.features.progress(view) if self.shaping else 0.0
        self._write(view)

    def _bot(self, spec: str, seed: int) -> Any:
        return RandomBot(seed) if spec == "random" else load_bot(spec, seed=seed, game=self.info.name)

    def step(self, action: int) -> tuple[Array, Array, float, bool]:
        """Play id ``action``, then the bots up to the seat's next turn or the end.

        Returns the observation, the mask, the reward (over ``return_scale``) and whether
        the game is over (then the observation and mask are those of the last position).

        Raises:
            IllegalMoveError: for an id that is not legal here (the game is unchanged).
        """
        reward, done = self._step(int(action))
        return self._obs.copy(), self._mask_row.copy(), reward, done

    def _step(self, action: int) -> tuple[float, bool]:
        """:meth:`step`, writing into the env's arrays: (reward, done)."""
        tracker = self._tracker
        move = tracker.move(action)
        if action not in tracker.legal_ids():  # its legal ids: listed moves and candidate slots
            raise IllegalMoveError(f"action {action} is not legal here", move=move, code="illegal_action")
        game = self.game
        game.play(move, self.seat)
        self._advance()
        view = game.view(self.seat)
        if game.is_over:
            reward = float(game.result.returns[self.seat]) - self._progress
        elif self.shaping:
            now = self.features.progress(view)
            reward, self._progress = now - self._progress, now
        else:
            reward = 0.0
        self._write(view)
        return reward / self.scale, bool(game.is_over)

    def _advance(self) -> None:
        advance(self.game, self.seat, self.bots)

    def _write(self, view: Any) -> None:
        """The observation and the mask of ``view`` (the current position) into the env's arrays."""
        tracker, mask = self._tracker, self._mask_row
        tracker.encode()
        if self.game.is_over:
            mask.fill(False)
        else:
            tracker.mask(mask)
        self.layout.write_extras(view, self._obs, mask)

    def _observe(self, view: Any, mask: Array) -> Array:
        """The observation of ``view`` with ``mask``, in a new array (from the view, not the tracker)."""
        out = np.zeros(self.observation_size, np.float32)
        self.space.encode(view, out=out[:self.encoded])
        self.layout.write_extras(view, out, mask)
        return out

    def score(self) -> float:
        """The seat's :func:`head_to_head` score in the finished game."""
        return head_to_head(self.game.result.returns, self.seat)


def head_to_head(returns: Sequence[float], seat: int) -> float:
    """The share of the other seats that ``seat`` finished ahead of (a tie counts a half).

    0.5 is what equal play scores in any number of seats; with two seats it is the
    win rate, draws counting a half.

    >>> head_to_head((3.0, -1.0, -1.0, -1.0), 0), head_to_head((0.0, 1.0), 0), head_to_head((1.0, 1.0), 1)
    (1.0, 0.0, 0.5)
    """
    mine = returns[seat]
    others = [r for s, r in enumerate(returns) if s != seat]
    return sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in others) / len(others)


class BatchEnv:
    """``envs`` copies of a :class:`TrainingEnv` stepped together, with autoreset.

    :meth:`step` writes into the preallocated :attr:`obs` and :attr:`masks`
    (``(envs, observation_size)`` float32 and ``(envs, action_size)`` bool): each
    copy's seat tracker (:meth:`~naipes.actions.ActionSpace.tracker`) rewrites the
    places of its row its moves changed, the features are read from one view per
    step, and nothing is allocated per game; with the same seeds the rows are what
    the :class:`TrainingEnv` copies' :meth:`~TrainingEnv.step` returns. A copy
    whose game ended is reset at once (its next game's first observation is in
    :attr:`obs`) and its score goes to :attr:`finished`.

    Args:
        envs: the number of copies.
        seed: the seed of the first games (copy ``i``'s games follow from ``seed + i``).
        kwargs: the :class:`TrainingEnv` arguments.

    .. versionadded:: 1.2
    """

    def __init__(self, envs: int, seed: int, **kwargs: Any) -> None:
        self.envs = [TrainingEnv(**kwargs) for _ in range(envs)]
        first = self.envs[0]
        self.observation_size, self.action_size = first.observation_size, first.action_size
        self.main_size, self.action_features = first.main_size, first.action_features
        self.obs = np.zeros((envs, self.observation_size), np.float32)
        self.masks = np.zeros((envs, self.action_size), bool)
        self.finished: list[float] = []
        for i, env in enumerate(self.envs):  # each copy writes straight into its rows
            env._place(self.obs[i], self.masks[i])
            env._start(seed + i)

    def step(self, actions: Sequence[int]) -> tuple[Array, Array]:
        """Play one id in every copy; returns the rewards and the done flags (float32, bool)."""
        rewards, dones = [0.0] * len(self.envs), [False] * len(self.envs)
        ids = actions.tolist() if isinstance(actions, np.ndarray) else [int(a) for a in actions]
        for i, env in enumerate(self.envs):
            rewards[i], dones[i] = done = env._step(int(ids[i]))
            if done[1]:
                self.finished.append(env.score())
                env._start(None)
        return np.array(rewards, np.float32), np.array(dones, bool)


#: A policy: ids for a batch of observations and masks (``(B, obs)`` float32, ``(B, ids)`` bool).
Policy = Callable[[Array, Array], Array]


class RandomPolicy:
    """Uniform among the legal ids (the baseline of an untrained agent).

    Args:
        seed: the seed of its draws.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: Array, masks: Array) -> Array:
        """One legal id per row of ``masks``, uniformly."""
        noise = self.rng.random(masks.shape)
        return np.argmax(np.where(masks, noise, -1.0), axis=1)  # type: ignore[no-any-return]


@attrs.frozen
class Score:
    """A mean :func:`head_to_head` score over ``games`` with its 95 % interval (normal approximation).

    Attributes:
        mean: the mean score.
        low: the interval's lower bound.
        high: the interval's upper bound.
        games: the number of games.
    """

    mean: float
    low: float
    high: float
    games: int

    @classmethod
    def of(cls, scores: Sequence[float]) -> Score:
        """The score of these games' scores (at least one).

        >>> Score.of([1.0, 0.0, 1.0, 1.0]).mean
        0.75
        """
        n = len(scores)
        if n == 0:
            raise UsageError("a score needs at least one game", code="no_games")
        values = np.asarray(scores, float)
        mean = float(values.mean())
        half = 1.96 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.5
        return cls(mean, max(0.0, mean - half), min(1.0, mean + half), n)

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}] ({self.games} games)"


def evaluate(policy: Policy, game: str, *, opponents: str | Sequence[str] = "random", games: int = 200,
             seed: int = 0, batch: int = 64, **kwargs: Any) -> Score:
    """The :func:`head_to_head` score of ``policy`` over ``games`` games against ``opponents``.

    Game ``i`` is seeded ``seed + i`` (its seat, deal and bots), so two policies
    evaluated with the same seed meet the same deals. Up to ``batch`` games are
    played together, the policy being asked once per round for all of them.
    ``kwargs`` are the other :class:`TrainingEnv` arguments (rules, ``seat``).

    Raises:
        IllegalMoveError: when the policy picks an id that is masked out.
    """
    scores: list[float] = []
    for start in range(seed, seed + games, batch):
        count = min(batch, seed + games - start)
        envs = [TrainingEnv(game, opponents=opponents, shaping=False, **kwargs) for _ in range(count)]
        first = [env.reset(start + i) for i, env in enumerate(envs)]
        obs = np.stack([o for o, _ in first])
        masks = np.stack([m for _, m in first])
        live = list(range(count))
        while live:
            actions = policy(obs[live], masks[live])
            still = []
            for k, i in enumerate(live):
                if not masks[i, int(actions[k])]:
                    raise IllegalMoveError(f"the policy chose masked-out id {int(actions[k])}",
                                           code="illegal_action")
                obs[i], masks[i], _, done = envs[i].step(int(actions[k]))
                if done:
                    scores.append(envs[i].score())
                else:
                    still.append(i)
            live = still
    return Score.of(scores)


def evaluate_bot(spec: str, game: str, *, opponents: str | Sequence[str] = "random", games: int = 200,
                 seed: int = 0, **kwargs: Any) -> Score:
    """The :func:`head_to_head` score of the bot ``spec`` in the learner's seat, on the games
    :func:`evaluate` plays with the same arguments (the level a policy is compared with)."""
    scores = []
    for i in range(seed, seed + games):
        env = TrainingEnv(game, opponents=opponents, shaping=False, **kwargs)
        env.reset(i)
        bot = env._bot(spec, i)
        done = False
        while not done:
            view = env.game.view(env.seat)
            move = bot.choose(view)
            env.game.play(move, env.seat)
            env._advance()
            done = env.game.is_over
        scores.append(env.score())
    return Score.of(scores)


def gymnasium_env(game: str, **kwargs: Any) -> Any:
    """A :class:`TrainingEnv` as a ``gymnasium.Env`` (needs the ``gymnasium`` extra).

    Its observation is the :class:`TrainingEnv`'s, its reward the dense normalised
    one, ``info["action_mask"]`` the boolean mask, and it has the ``action_masks()``
    method sb3-contrib's ``MaskablePPO`` calls. A masked-out id ends the episode
    with reward -1 and ``info["illegal_action"] = True``. ``kwargs`` are the
    :class:`TrainingEnv` arguments.

    >>> e = gymnasium_env("machuco", players=2, scope="hand")
    >>> obs, info = e.reset(seed=3)
    >>> bool(e.action_masks()[e.action_space.sample(mask=e.action_masks().astype("int8"))])
    True
    """
    import gymnasium as gym

    class MaskedEnv(gym.Env[Array, Any]):
        """One seat of a naipes game for learners that read ``action_masks()``."""

        def __init__(self, env: TrainingEnv) -> None:
            self.env = env
            self.observation_space = gym.spaces.Box(-np.inf, np.inf, (env.observation_size,), np.float32)
            self.action_space = gym.spaces.Discrete(env.action_size)
            self._mask = np.zeros(env.action_size, bool)

        def reset(self, *, seed: int | None = None,
                  options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
            """A new game (``seed``: its seed; else the next of the env's own draws)."""
            super().reset(seed=seed)
            obs, self._mask = self.env.reset(seed)
            return obs, {"action_mask": self._mask}

        def step(self, action: Any) -> tuple[Array, float, bool, bool, dict[str, Any]]:
            """Play id ``action``; a masked-out id ends the episode with reward -1."""
            try:
                obs, self._mask, reward, done = self.env.step(int(action))
            except (IllegalMoveError, UsageError):
                obs = self.env._observe(self.env.game.view(self.env.seat), self._mask)
                return obs, -1.0, True, False, {"action_mask": self._mask.copy(), "illegal_action": True}
            return obs, reward, done, False, {"action_mask": self._mask, "illegal_action": False}

        def action_masks(self) -> Array:
            """The boolean mask of the legal ids."""
            return self._mask

    return MaskedEnv(TrainingEnv(game, **kwargs))
