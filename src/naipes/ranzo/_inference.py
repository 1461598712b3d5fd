"""Private: Ranzo's hooks for the generic inference (:mod:`naipes.search.infer`).

- :func:`move_scores`: RanzoBot's values of each legal move over the
  temperature :data:`naipes.ranzo._belief.TAU` (a softmax of them is the model
  of the other seats that :class:`~naipes.ranzo.search.StrongBot`'s own
  inference uses): a discard, the hand's score without the card minus its
  danger; in a window, passing (with RanzoBot's bonus) against each claim; a
  Ranzo that can be called, far above the rest.
- :func:`decisions`: the other seats' turn discards and window answers the
  observer saw, rebuilt in a world: the seat's hand at each is its hand in
  the world with the later discards put back and the later draws taken out,
  each hidden draw drawn among the cards it could have been
  (:func:`naipes.ranzo._infer.likelihood_of` does the same), by a generator
  seeded from the world's hands (the same world gives the same positions).
  The other hands of a rebuilt position are dealt at random: a seat's decision
  reads only its own hand and what was public.

>>> import random
>>> from naipes import ranzo
>>> from naipes.search import HeuristicModel, InferredWorlds
>>> game = ranzo.Game(ranzo.Rules(rounds=1), seed=3)
>>> worlds = InferredWorlds(HeuristicModel(), candidates=4)
>>> for _ in range(12):
...     seat = min(game.to_act)
...     if 1 in game.to_act:
...         worlds.observe(game.view(1))
...     game.play(ranzo.RanzoBot(seat).choose(game.view(seat)), seat)
>>> view = game.view(1) if 1 in game.to_act else game.view(min(game.to_act))
>>> worlds.sample(view, random.Random(0)).view(view.seat).hand == view.hand
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Sequence

import attrs

from naipes.cards import Card
from naipes.errors import InvalidStateError
from naipes.ranzo._belief import TAU
from naipes.ranzo._infer import ANSWER, DISCARD, ENVIDO, TRUCO, History, Item, hands_back
from naipes.ranzo._phase import STEAL, TURN, WINDOW
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.bots import CERTAIN, _bits, _Context
from naipes.ranzo.moves import CallRanzo, Discard, Envido, Move, Pass, Truco, envido
from naipes.ranzo.view import View, _sample

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["decisions", "move_scores"]

#: The generator RanzoBot's reckoning holds here (scoring draws nothing from it).
_UNUSED_RNG = random.Random(0)
#: RanzoBot's bonus for passing in a window (a concealed hand).
PASS_BONUS = 2.0


def move_scores(view: View) -> tuple[float, ...] | None:
    """RanzoBot's value of each of ``view.legal_moves`` over :data:`~naipes.ranzo._belief.TAU`
    (see the module docstring)."""
    moves = view.legal_moves
    if len(moves) <= 1:
        return None
    ctx = _Context(view, _UNUSED_RNG)
    t = ctx.t
    opens = len(view.open_juegos[view.seat])
    values: list[float] = []
    if view.phase is WINDOW:
        card = view.claim_card
        assert card is not None
        stolen = ctx.hand | t.bit[card]
        ranzo = t.can_split(stolen)
        for m in moves:
            if isinstance(m, Pass):
                values.append(ctx.score(ctx.hand, opens) + PASS_BONUS)
            elif ranzo:
                values.append(CERTAIN)
            elif isinstance(m, Truco):
                values.append(ctx.score(stolen & ~t.bit[m.card], opens))
            else:
                assert isinstance(m, Envido)
                rest = stolen & ~t.mask((m.a, m.b, card))
                values.append(max((ctx.score(rest & ~b, opens + 1) for b in _bits(rest)), default=CERTAIN))
    else:
        keep = 0
        if view.phase is STEAL and isinstance(view.claim, Envido) and view.claim_card is not None:
            keep = t.mask((view.claim.a, view.claim.b, view.claim_card))
            opens += 1
        for m in moves:
            if isinstance(m, CallRanzo):
                values.append(CERTAIN)
            else:
                assert isinstance(m, Discard)
                values.append(ctx.score(ctx.hand & ~keep & ~t.bit[m.card], opens) - ctx.danger(m.card))
    top = max(values)
    if top >= CERTAIN:  # RanzoBot takes a Ranzo whenever it can
        values = [v if v >= CERTAIN else min(v, top - CERTAIN) for v in values]
    return tuple(v / TAU for v in values)


def decisions(world: Game, views: Sequence[View]) -> tuple[tuple[Game, int, Move], ...] | None:
    """The other seats' decisions in ``views`` (the observer's, oldest first), rebuilt in
    ``world`` (a world for the last of them): see the module docstring."""
    if not views:
        return ()
    history = History()
    for view in views:
        history.observe(view)
    last = views[-1]
    t = tables(last.rules.deck)
    hands = world.hands
    rng = random.Random(sum(t.mask(h) << (48 * s) for s, h in enumerate(hands)))
    found: list[tuple[int, tuple[Game, int, Move]]] = []
    for seat in range(last.players):
        if seat == last.seat:
            continue
        for item, hand in hands_back(history.items(seat), t.mask(hands[seat]), rng):
            order = len(item.seen.discards) * 2 + (item.kind == ANSWER)  # type: ignore[union-attr]
            try:
                found.append((order, _position(t, item, seat, hand, rng)))
            except InvalidStateError:  # a hand the world cannot have had then: not weighed
                pass
    found.sort(key=lambda pair: pair[0])
    return tuple(position for _, position in found)


def _position(t: Tables, item: Item, seat: int, hand: int, rng: random.Random) -> tuple[Game, int, Move]:
    """The game just before ``seat``'s decision of ``item``, holding ``hand`` then (its concealed
    cards after a discard, before an answer), and the move it made."""
    seen = item.seen
    assert seen is not None
    card = next(c for c in t.deck if t.bit[c] == item.record.discard)
    if item.kind == DISCARD:
        held = _cards(t, hand | item.record.discard)
        sizes = tuple(n + (s == seat) for s, n in enumerate(seen.hand_sizes))
        view = attrs.evolve(seen, seat=seat, hand=held, phase=TURN, turn=seat, discards=seen.discards[:-1],
                            hand_sizes=sizes, claim_card=None, answered=(), my_answer=None, to_act=(seat,),
                            legal_moves=(), known=_known(seen, seat))
        move: Move = Discard(card)
    else:
        view = attrs.evolve(seen, seat=seat, hand=_cards(t, hand), answered=(), my_answer=None, legal_moves=(),
                            known=_known(seen, seat))
        kind, chosen = item.chosen
        move = _answer(t, kind, chosen)
    return (_sample(view, random.Random(rng.getrandbits(63))), seat, move)


def _answer(t: Tables, kind: int, chosen: int) -> Move:
    cards = [c for c in t.deck if t.bit[c] & chosen]
    if kind == TRUCO:
        return Truco(cards[0])
    if kind == ENVIDO:
        return envido(cards[0], cards[1])
    return Pass()


def _cards(t: Tables, mask: int) -> tuple[Card, ...]:
    return tuple(c for c in t.deck if t.bit[c] & mask)


def _known(view: View, seat: int) -> tuple[Card, ...]:
    return tuple(c for s, k in enumerate(view.known_by_seat) if s != seat for c in k)
