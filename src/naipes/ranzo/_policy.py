"""Private: RanzoBot's reckoning with its weights as parameters (:class:`Policy`).

RanzoBot (:mod:`naipes.ranzo.bots`) weighs a hand by fixed constants. :class:`Policy`
plays the same way with each weight a parameter, so that the weights can be
tuned on duplicate deals against RanzoBot (``benchmarks/ranzo_policy.py``,
tuning seeds below 100,000); :data:`TUNED` holds the weights chosen there, the
policy :class:`~naipes.ranzo.search.StrongBot` plays for its own seat.

>>> from naipes.ranzo import Game, Rules
>>> game = Game(Rules(rounds=1), seed=3)
>>> seat = game.to_act[0]
>>> Policy(0, TUNED).choose(game.view(seat)) in game.legal_moves(seat)
True
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Callable, Mapping

from naipes.cards import Card
from naipes.errors import UsageError
from naipes.ranzo._glance import Glance
from naipes.ranzo._infer import History
from naipes.ranzo._phase import PLAY, WINDOW
from naipes.ranzo._readiness import readiness
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.bots import RanzoBot, _bits, _Context, _obvious, hand_score
from naipes.ranzo.moves import Discard, Move
from naipes.ranzo.view import View, _deal_unseen

if TYPE_CHECKING:
    pass

__all__ = ["DEFAULTS", "TUNED", "Deal", "Policy"]

#: Deals the unseen cards of a view: every seat's concealed hand and the stock.
Deal = Callable[[View, random.Random], "tuple[list[list[Card]], list[Card]]"]

#: RanzoBot's own weights (:mod:`naipes.ranzo.bots`): ``Policy(seed, DEFAULTS)`` plays its moves.
DEFAULTS: Mapping[str, float] = {
    "out": 60.0, "held3": 30.0, "held2": 4.0, "held1": 0.3, "danger": 12.0, "closed": 0.25,
    "certain": 1000.0, "keep": 2.0, "truco": 0.0, "envido": 0.0, "high": 0.0,
    "show": 0.0, "feed": 0.0, "after_steal": 1.0, "lean": 0.0, "passes": 0.0, "late": 0.0,
    "infer": 0.0, "tau": 0.0, "older": 0.0, "learned": 0.0}
#: The weights tuned against RanzoBot on tuning deals (see the module docstring).
TUNED: Mapping[str, float] = {**DEFAULTS, "keep": -5.0, "feed": 1000.0, "passes": 1.0, "late": 16.0}
#: Weights that must not be negative, and those that are switches (0 or 1).
_AT_LEAST_0 = frozenset({"tau", "older", "late"})
_SWITCHES = frozenset({"infer", "passes", "learned"})
#: The hand scores remembered per deck and weights (shared by every :class:`Policy` of those).
_MEMOS: dict[tuple[int, tuple[tuple[str, float], ...]], dict[int, float]] = {}


class Policy(RanzoBot):
    """RanzoBot with its weights as parameters (each a number, :data:`DEFAULTS` when not given):

    - ``out``, ``held3``, ``held2``, ``held1``: a hand's score, per live out to a Ranzo and per
      juego by its cards held;
    - ``danger``: the cost of an expected claim Ranzo against the bot; ``closed``: how ready a
      seat with no open juego is to use a discard (an open seat counts 1); ``certain``: the cost
      of a discard that surely completes an open hand's last juego;
    - ``keep``: the bonus of passing in a window; ``truco``, ``envido``: bonuses of those claims;
    - ``high``: the bonus of a discard per number of its card (a high discard leaves the other
      seats fewer trucos on it); ``show``: the bonus of a truco per number of the card shown
      (the highest shown wins the claim);
    - ``after_steal``: how much of ``danger`` counts for the discard after a claim won (no
      window follows it, so no claim can punish it);
    - ``feed``: with ``worlds`` and ``deal``, the cost of a turn discard per share of the sampled
      worlds in which it lets another seat claim it and call Ranzo; ``lean``: each other seat's
      hand in a world weighs ``exp(lean * score)``, its RanzoBot hand score (seats keep
      promising hands, so a ready hand is likelier than a uniform deal makes it); ``passes``
      (0 or 1): a world in which another seat's hand could have called Ranzo with its own last
      turn discard, or with a turn discard it let go by since, gets no weight for that seat
      (the policy must then see every view of its seat, as :func:`naipes.play_game` gives them);
    - ``infer`` (0 or 1): ``feed``'s chances inferred from the other seats' play instead
      (:mod:`naipes.ranzo._readiness`): ``worlds`` hands drawn per seat, each weighed by the
      likelihood of the seat's decisions since its last turn discard (made with its hand of now)
      under RanzoBot's values, a softmax of temperature ``tau`` (0: whether each was RanzoBot's
      best); ``older`` (a power, 0: none) also weighs its decisions before that, read on its
      hand of now (a rough guide: it has drawn since). The policy must see every view of its
      seat; ``learned`` (0 or 1, with ``infer=1``): each seat's chance is the learned readiness
      (:func:`naipes.ranzo._readiness.learned_chance`, fitted with ``tau=2``) of the shares of
      its drawn hands, unweighed and weighed;
    - ``late``: at a turn discard the hand's score counts ``min(1, (stock + 1) / late)`` of
      itself (0: all of it): with few draws left a promising hand is worth less than a safe
      discard.

    Args:
        seed: seed of the tie-breaks (and of the sampled worlds, drawn from their own generator).
        weights: the weights to change (the others are :data:`DEFAULTS`).
        worlds: the worlds sampled for ``feed`` at a turn discard (0: none).
        deal: deals the unseen cards of a view (every seat's concealed hand and the stock), as
            :func:`naipes.ranzo.view._deal_unseen` does (the default).

    Raises:
        UsageError: an unknown weight or one that is not a number, or ``learned=1`` without
            ``infer=1`` (code ``bad_option``).
    """

    __slots__ = ("weights", "worlds", "deal", "_key", "_sampler", "_round", "_log", "_history")  # ``rng``: RanzoBot's

    def __init__(self, seed: int | None = None, weights: Mapping[str, float] | None = None, *, worlds: int = 0,
                 deal: Deal | None = None) -> None:
        weights = {} if weights is None else weights
        if type(worlds) is not int or worlds < 0:
            raise UsageError(f"worlds must be an int >= 0, not {worlds!r}", code="bad_option")
        for name, value in weights.items():
            if name not in DEFAULTS:
                raise UsageError(f"unknown policy weight {name!r}; known: {sorted(DEFAULTS)}", code="bad_option")
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise UsageError(f"policy weight {name} must be a number, not {value!r}", code="bad_option")
            if name in _AT_LEAST_0 and not value >= 0:
                raise UsageError(f"policy weight {name} must be >= 0, not {value!r}", code="bad_option")
            if name in _SWITCHES and value not in (0, 1):
                raise UsageError(f"policy weight {name} is 0 or 1, not {value!r}", code="bad_option")
        if weights.get("learned") and not weights.get("infer"):
            raise UsageError("policy weight learned=1 needs infer=1", code="bad_option")
        self.rng = random.Random(seed)
        self.weights = {**DEFAULTS, **{k: float(v) for k, v in weights.items()}}
        self._key = tuple(sorted(self.weights.items()))
        self.worlds = worlds
        self.deal: Deal = _deal_unseen if deal is None else deal
        self._sampler = random.Random(seed)
        self._round: tuple[int, int, int] | None = None
        #: this round's turn discards seen: (stock size then, discarder, its card's bit, the
        #: discarder's public signature then)
        self._log: list[tuple[int, int, int, tuple[object, ...]]] = []
        #: the other seats' decisions read from the views (for ``infer``)
        self._history = History()

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.weights.items() if v != DEFAULTS[k]}
        return f"Policy({', '.join(f'{k}={v:g}' for k, v in changed.items())})"

    def choose(self, view: View) -> Move:
        """The policy's move for ``view.seat`` (it remembers the turn discards ``view`` shows).

        Raises:
            IllegalMoveError: when the view lists no legal move (code ``no_legal_move``).
        """
        if self.weights["passes"]:
            self.observe(view)
        if self.weights["infer"]:
            self._history.observe(view)
        return self._decide(view)

    def _decide(self, view: View | Glance) -> Move:
        moves = view.legal_moves
        obvious = _obvious(view, moves)
        if obvious is not None:
            return obvious
        memo = _MEMOS.setdefault((view.rules.deck, self._key), {})
        ctx = _Weighed(view, self.rng, self.weights, memo)
        if view.phase is WINDOW:
            return ctx.best_claim(moves)
        late = self.weights["late"]
        if late and view.phase is PLAY and isinstance(view, View):
            ctx.promise = min(1.0, (view.stock_size + 1) / late)
        discards = [m for m in moves if isinstance(m, Discard)]
        if self.worlds and self.weights["feed"] and view.phase is PLAY and isinstance(view, View):
            ctx.fed = self._fed(view, ctx.t, discards, ctx.live)
        move = ctx.best_discard(discards)
        if view.phase is PLAY and isinstance(view, View) and isinstance(move, Discard):
            self._note(view, view.seat, ctx.t.bit[move.card])
        return move

    def observe(self, view: View) -> None:
        """Remember the turn discard of a claim window ``view`` shows (for ``passes``)."""
        key = (view.hand_number, view.dealer, view.players)
        if key != self._round or (self._log and view.stock_size > self._log[-1][0]):
            self._round, self._log = key, []
        if view.phase is WINDOW and view.turn != view.seat and view.claim_card is not None:
            self._note(view, view.turn, tables(view.rules.deck).bit[view.claim_card])

    def _note(self, view: View, seat: int, bit: int) -> None:
        entry = (view.stock_size, seat, bit, _signature(view, seat))
        if not self._log or self._log[-1][:3] != entry[:3]:
            self._log.append(entry)

    def _passed(self, view: View) -> list[int]:
        """Per seat: the cards its concealed hand now could not have called Ranzo with (its last
        turn discard and the turn discards after it; none when its hand changed in public since)."""
        out = [0] * view.players
        for s in range(view.players):
            mask = 0
            for _stock, seat, bit, signature in reversed(self._log):
                mask |= bit
                if seat == s:
                    if signature != _signature(view, s):
                        mask = 0
                    break
            else:
                mask = 0
            out[s] = mask
        return out

    def _fed(self, view: View, t: Tables, discards: list[Discard], live: int) -> dict[int, float]:
        """Per discard (its card's bit): the chance, over ``worlds`` sampled worlds, that another
        seat's concealed hand and it split into juegos (a claim Ranzo on it), each seat's hands
        weighed by ``lean`` (the chances of the seats added up)."""
        bits = [t.bit[m.card] for m in discards]
        if self.weights["infer"]:
            passed = self._passed(view) if self.weights["passes"] else [0] * view.players
            items = [self._history.items(s) for s in range(view.players)]
            return readiness(t, view, bits, items, passed, live, self._sampler, self.worlds, self.weights["tau"],
                             self.weights["older"], bool(self.weights["learned"]))
        lean, seat = self.weights["lean"], view.seat
        seen = live | t.mask(view.hand)  # what another seat may still hope to get
        ready = {b: [0.0] * view.players for b in bits}
        mass = [0.0] * view.players
        can_split = t.can_split
        passed = self._passed(view) if self.weights["passes"] else [0] * view.players
        for _ in range(self.worlds):
            hands, _stock = self.deal(view, self._sampler)
            for s, h in enumerate(hands):
                if s == seat:
                    continue
                m = t.mask(h)
                if passed[s] and any(can_split(m | b) for b in _bits(passed[s])):
                    continue
                w = math.exp(lean * hand_score(t, m, seen & ~m)) if lean else 1.0
                mass[s] += w
                for b in bits:
                    if can_split(m | b):
                        ready[b][s] += w
        return {b: sum(r / mass[s] for s, r in enumerate(row) if mass[s]) for b, row in ready.items()}


def _signature(view: View, seat: int) -> tuple[object, ...]:
    """What of ``seat``'s concealed hand is public: its known cards, open juegos and count."""
    return (tuple(view.known_by_seat[seat]), tuple(view.open_juegos[seat]), view.hand_sizes[seat])


class _Weighed(_Context):
    """RanzoBot's :class:`~naipes.ranzo.bots._Context` with the weights of a :class:`Policy`."""

    def __init__(self, view: View | Glance, rng: random.Random, weights: Mapping[str, float],
                 scores: dict[int, float]) -> None:
        super().__init__(view, rng)
        self.w = weights
        self.memo = scores
        self.held = (0.0, weights["held1"], weights["held2"], weights["held3"])
        self.danger_weight, self.certain, self.closed = weights["danger"], weights["certain"], weights["closed"]
        self.keep, self.truco, self.envido, self.show = (weights["keep"], weights["truco"], weights["envido"],
                                                         weights["show"])
        self.high, self.after_steal, self.feed = weights["high"], weights["after_steal"], weights["feed"]
        #: per discard's bit, the share of sampled worlds in which it feeds a claim Ranzo
        self.fed = {}

    def _score(self, hand: int, live: int) -> float:
        """The hand score with the policy's weights."""
        return hand_score(self.t, hand, live, self.held, self.w["out"])
