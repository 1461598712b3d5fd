"""Private: how likely each other seat is to call Ranzo on a discard, inferred from its play.

:class:`naipes.ranzo._policy.Policy` charges a turn discard by the chance that
another seat's concealed hand and the card split into juegos (a claim Ranzo
on it). Dealt uniformly, a hand is rarely that ready; a seat's own decisions
say more. Since its last turn discard a seat's concealed hand has not changed
(it draws only on its turn), so its hand *now* is exactly the hand that made
that discard (with five others) and answered every claim window since. Each
sampled hand is weighed by the likelihood of those decisions under RanzoBot's
values (:mod:`naipes.ranzo._infer`'s records, read from the windows the
observing seat answers): a softmax of temperature ``tau`` over the values of
its choices, or with ``tau = 0`` whether its choice was RanzoBot's best (each
decision that was not weighs ``EPS``).

Hands are drawn seat by seat among the cards the observer has not seen (a
seat's share of a uniform deal, its known cards kept), so the readiness of
each seat for each discard is a weighted share of ``samples`` hands; the
chances of the seats are added up. Both shares fall far short of the truth (a
RanzoBot's hand is much readier than a uniform one): with ``learned`` a seat's
chance is a logistic model of the two shares (:data:`LEARNED`, fitted on the
true hands of self-play by ``benchmarks/ranzo_readiness.py``).
"""

from __future__ import annotations

import math
import random
from typing import Callable, Iterator, Sequence

from naipes.ranzo._belief import Record, _seat_context, danger
from naipes.ranzo._infer import ANSWER, DISCARD, ENVIDO, PASS_BONUS, PASSED, SWAP, TRUCO, Item, _claims
from naipes.ranzo._tables import Tables
from naipes.ranzo.bots import HELD_BY_COUNT, OUT, _bits, hand_outs, held_juegos
from naipes.ranzo.view import View

__all__ = ["EPS", "LEARNED", "TIE", "decision_values", "drawn_hands", "exact_items", "learned_chance", "likelihood", "readiness"]

#: The weight of a decision a sampled hand does not explain (with ``tau = 0``; a floor otherwise).
EPS = 0.02
#: Values this close to the best count as the best (RanzoBot breaks ties by less than this).
TIE = 1e-3
#: The older decisions weighed (``older``), the most recent first.
OLDER_KEPT = 8
#: The floor of an older decision's likelihood (read on the hand of now, a rough guide).
OLDER_EPS = 0.2
#: The temperature of an older decision's softmax.
OLDER_TAU = 2.0
#: The learned readiness (``learned=True``): a logistic model of the chance that one seat's hand
#: and a card split into juegos, over (1, the logit of the uniform share, the logit of the
#: inferred share, whether the uniform share is 0, whether the inferred share is 0, the
#: decisions weighed (at most 6) / 6, the stock / 28, whether the hand holds 2 cards, the open
#: juegos), fitted on the true hands of self-play (``python benchmarks/ranzo_readiness.py
#: --first-deal 46000 --deals 600``, even deals; log loss 0.059 on the odd ones, against 0.085
#: for the inferred share and 0.077 for the base rate).
LEARNED = (0.3955, 0.2075, 0.5028, 0.0987, 0.0987, 0.1145, -0.873, 0.2226, 0.2226)
#: A share is clipped to this distance from 0 and 1 before its logit.
_CLIP = 1e-3
#: ``decision_values`` of a decision that sets nothing apart (a claim with a Ranzo in it).
_NEUTRAL = (0.0, (0.0,))


def exact_items(items: Sequence[Item]) -> Sequence[Item]:
    """The decisions of ``items`` made with the seat's concealed hand of now: its last turn
    discard and what followed it (none before a truco it won since: that swapped two cards)."""
    return items[_split(items):]


def older_items(items: Sequence[Item]) -> Sequence[Item]:
    """The decisions of ``items`` before :func:`exact_items`, the last :data:`OLDER_KEPT` of them."""
    return items[:_split(items)][-OLDER_KEPT:]


def _split(items: Sequence[Item]) -> int:
    start = 0
    for k, item in enumerate(items):
        if item.kind == DISCARD:
            start = k
        elif item.kind == SWAP:
            start = k + 1
    return start


def _discard_values(t: Tables, record: Record, hand: int, deck: int) -> dict[int, float] | None:
    """RanzoBot's value of each turn discard it had in ``record`` holding ``hand`` after it (its
    hand score less the danger of the card), by the card's bit; ``None`` when that hand, with
    the card discarded, could have called Ranzo instead."""
    held = hand | record.discard
    if t.can_split(held):
        return None
    scores = drop_scores(t, held, deck & ~record.public & ~held, _bits(held))
    return {b: v - danger(t, record, b, held, deck) for b, v in scores.items()}


def decision_values(t: Tables, view: View, item: Item, hand: int,
                    deck: int) -> tuple[float, tuple[float, ...]] | None:
    """RanzoBot's value of what the seat chose in ``item`` and of each choice it had, if its
    concealed cards after the decision are ``hand`` (a mask); ``None`` when ``hand`` rules the
    decision out (a card shown that it does not hold; a Ranzo it could have called)."""
    record = item.record
    if item.kind == DISCARD:
        values = _discard_values(t, record, hand, deck)
        return None if values is None else (values[record.discard], tuple(values.values()))
    if item.kind != ANSWER:
        return _NEUTRAL
    card = record.discard
    kind, chosen = item.chosen
    if (kind == TRUCO and not hand & chosen) or (kind == ENVIDO and hand & chosen != chosen):
        return None
    stolen = hand | card
    if t.can_split(stolen):
        return None if kind == PASSED else _NEUTRAL
    ctx = _seat_context(t, view, record, hand, deck)
    opens = record.opens
    choices: dict[tuple[int, int], float] = {(PASSED, 0): ctx.score(hand, opens) + PASS_BONUS}
    claims = _claims(t, hand, card, item.rank)
    shown = [claim[1] for claim in claims if claim[0] == TRUCO]
    swapped = drop_scores(t, stolen, ctx.live, shown) if shown else {}
    for claim in claims:
        if claim[0] == TRUCO:
            choices[claim] = swapped[claim[1]]
        else:
            rest = stolen & ~claim[1] & ~card
            choices[claim] = max((ctx.score(rest & ~b, opens + 1) for b in _bits(rest)), default=math.inf)
    if math.inf in choices.values():
        return _NEUTRAL if choices.get(item.chosen) == math.inf else None
    return choices.get(item.chosen, -math.inf), tuple(choices.values())


def drop_scores(t: Tables, held: int, live: int, drops: Sequence[int]) -> dict[int, float]:
    """RanzoBot's hand score (:func:`~naipes.ranzo.bots.hand_score`) of ``held`` without each card
    of ``drops``, with the live cards ``live`` (none of ``held``; a card let go is dead): the
    juegos are summed once, each card's own taken out, and only the outs are reckoned per card."""
    total = 0.0
    own = dict.fromkeys(drops, 0.0)
    whole = []  # the juegos inside ``held``
    for j, inside in held_juegos(t, held, live):
        value = HELD_BY_COUNT[inside.bit_count()]
        total += value
        if inside == j:
            whole.append(j)
        for x in drops:
            if j & x:
                own[x] += value
    out = {}
    thirds = t.thirds
    for x in drops:
        hand = held & ~x
        size = hand.bit_count()
        if size == 5:  # hand_outs: a juego held, and the live third of the two cards left
            found = 0
            for j in whole:
                if not j & x:
                    found |= thirds.get(hand & ~j, 0)
            outs = (found & live).bit_count()
        else:
            outs = hand_outs(t, hand, live)
        out[x] = total - own[x] + OUT * outs
    return out


def consistent(t: Tables, view: View, item: Item, hand: int, deck: int) -> bool:
    """Whether RanzoBot holding ``hand`` (a mask, its concealed cards after the decision) would have
    chosen as the seat did in ``item`` (within :data:`TIE`): :func:`decision_values` with
    ``tau = 0``, stopping at the first choice found better."""
    record = item.record
    if item.kind == DISCARD:
        discards = _discard_values(t, record, hand, deck)
        return discards is not None and not any(v > discards[record.discard] + TIE for v in discards.values())
    values = decision_values(t, view, item, hand, deck)
    return values is not None and values[0] >= max(values[1]) - TIE


def likelihood(values: tuple[float, tuple[float, ...]] | None, tau: float) -> float:
    """The weight of one decision from its :func:`decision_values`: with ``tau = 0``, 1 when the
    choice was the best (within :data:`TIE`) else :data:`EPS`; else a softmax, at least ``EPS``."""
    if values is None:
        return EPS
    value, every = values
    top = max(every)
    if tau == 0:
        return 1.0 if value >= top - TIE else EPS
    total = sum(math.exp((v - top) / tau) for v in every)
    return max(EPS, math.exp((value - top) / tau) / total)


def _logit(share: float) -> float:
    share = min(1 - _CLIP, max(_CLIP, share))
    return math.log(share / (1 - share))


def learned_chance(uniform: float, inferred: float, decided: int, stock: int, size: int, opens: int) -> float:
    """The :data:`LEARNED` chance that a seat's hand splits with a card, from the uniform and the
    inferred shares of its drawn hands that do, its decisions weighed, the stock left, its hand
    size and its open juegos."""
    x = (1.0, _logit(uniform), _logit(inferred), float(uniform == 0), float(inferred == 0), min(decided, 6) / 6,
         stock / 28, float(size == 2), float(opens))
    return 1 / (1 + math.exp(-sum(w * v for w, v in zip(LEARNED, x))))


def drawn_hands(can_split: Callable[[int], bool], known: int, pool: Sequence[int], hidden: int,
                gone: Sequence[int], rng: random.Random, samples: int) -> Iterator[int]:
    """``samples`` draws of a seat's concealed hand: ``known`` and ``hidden`` cards of ``pool``
    (each draw one ``rng.sample``), those that could have called Ranzo with a card of ``gone``
    (the turn discards the seat let go by) left out."""
    for _ in range(samples):
        hand = known
        for b in rng.sample(pool, hidden):
            hand |= b
        if not any(can_split(hand | b) for b in gone):
            yield hand


def _weight(t: Tables, view: View, hand: int, deck: int, decided: Sequence[Item], tau: float) -> float:
    """How well ``hand`` explains the decisions ``decided``: the product of their likelihoods at
    temperature ``tau`` (``tau=0``: 1 when RanzoBot would have made them all, else ``EPS``)."""
    if tau == 0:
        return 1.0 if all(consistent(t, view, item, hand, deck) for item in decided) else EPS
    weight = 1.0
    for item in decided:
        weight *= likelihood(decision_values(t, view, item, hand, deck), tau)
    return weight


def readiness(t: Tables, view: View, bits: Sequence[int], items: Sequence[Sequence[Item]], passed: Sequence[int],
              live: int, rng: random.Random, samples: int, tau: float, older: float = 0.0,
              learned: bool = False) -> dict[int, float]:
    """Per card of ``bits``: the chance, summed over the other seats, that a seat's concealed hand
    and the card split into juegos. Each seat's hidden cards are drawn ``samples`` times among
    ``live`` (the cards the observer has not seen), a hand weighed by the :func:`likelihood` of
    the seat's :func:`exact_items` of ``items[seat]``; a hand that could have called Ranzo with
    a card of ``passed[seat]`` (the turn discards it let go by) is left out. With ``learned``
    a seat's chance is :func:`learned_chance` of the unweighed and the weighed shares."""
    can_split = t.can_split
    deck = t.deck_mask(view.cards)
    pool = _bits(live)
    out = dict.fromkeys(bits, 0.0)
    for seat in range(view.players):
        if seat == view.seat:
            continue
        known = t.mask(view.known_by_seat[seat])
        hidden = view.hand_sizes[seat] - len(view.known_by_seat[seat])
        if hidden > len(pool) or hidden < 0:
            continue
        decided = exact_items(items[seat])
        before = older_items(items[seat]) if older else ()
        gone = _bits(passed[seat])
        mass = drawn = 0.0
        ready, hits = dict.fromkeys(bits, 0.0), dict.fromkeys(bits, 0)
        for hand in drawn_hands(can_split, known, pool, hidden, gone, rng, samples):
            weight = _weight(t, view, hand, deck, decided, tau)
            for item in before:
                weight *= max(OLDER_EPS, likelihood(decision_values(t, view, item, hand, deck), OLDER_TAU)) ** older
            mass += weight
            drawn += 1
            for b in bits:
                if can_split(hand | b):
                    ready[b] += weight
                    hits[b] += 1
        if learned:
            sizes = (len(decided), view.stock_size, view.hand_sizes[seat], len(view.open_juegos[seat]))
            for b in bits:
                out[b] += learned_chance(hits[b] / drawn if drawn else 0.0, ready[b] / mass if mass else 0.0, *sizes)
        elif mass:
            for b in bits:
                out[b] += ready[b] / mass
    return out
