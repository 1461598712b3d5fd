"""Consistency of a loaded or built Machuco game (internal; :mod:`naipes.machuco.position` calls it).

:func:`consistent` checks that the fields of a game filled in from a state
dict (:func:`~naipes.machuco.position.load_state`) or a position
(:func:`~naipes.machuco.position.build_position`) fit together: the cards, the
phase and the seat to act, the deal and its plays, the table and the chain,
and the cantes, contest and pending cantes of the hands dealt. It also holds
the small field helpers both use. Errors are
:class:`~naipes.errors.InvalidStateError` with the codes of
:data:`naipes.machuco.legality.CODES`.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

import attrs

from naipes.errors import InvalidStateError
from naipes.machuco._tables import _BIT, Phase
from naipes.machuco.legality import CODES
from naipes.machuco.scoring import _FIGURES, CanteOutcome, Contest, Figure, PendingCante, envio_amounts, resolve_cantes

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.machuco.rules import Rules
    from naipes.machuco.state import Game

__all__ = ["bad", "consistent", "ns_two"]


def bad(field: str, what: str, code: str = "bad_field") -> InvalidStateError:
    """The error for a refused field, with the ruling of ``code`` (``legality.CODES``)."""
    return InvalidStateError(f"{field}: {what}", code=code, rule=CODES[code][0])


def _f(field: str) -> str:
    return f"state.{field}"


def _list(value: Any, field: str, most: int, size: int | None = None) -> list[Any]:
    if type(value) is not list:
        raise bad(_f(field), f"must be a list, not {type(value).__name__}")
    if size is not None and len(value) != size:
        raise bad(_f(field), f"needs {size} entries, not {len(value)}", "state_mismatch")
    if len(value) > most:
        raise bad(_f(field), f"holds at most {most} entries, not {len(value)}", "wrong_size")
    return value


def _record(rec: Any) -> dict[str, Any]:
    d = attrs.asdict(rec)
    d["category"] = int(d["category"])
    for k, v in d.items():
        if isinstance(v, tuple):
            d[k] = list(v)
    return d


def consistent(game: Game, state: Mapping[str, Any] | None, position: list[Card] | None) -> None:
    """The loaded (or built) fields fit together: cards, phase and seat to act, deal, plays, chain, cantes.

    ``state`` holds the raw cantes, contest and pending (``None`` for a
    position, which has none); ``position``: the cards of the position the
    record started from, if any.
    """
    rules: Rules = game.rules
    n, dl, dph = game._n, game._deal_len, rules.deals_per_hand
    phase = game._phase
    over = phase is Phase.OVER
    origin = game._origin
    played = origin is not None and "position" not in origin  # from a deal: exact history
    # cards: a multiset equal to the deck, or to the position's cards
    zones = game.zones()
    cards = [c for z in zones.values() for c in z]
    counts = Counter(cards)
    twice = sorted(str(c) for c, k in counts.items() if k > 1)
    if twice:
        raise InvalidStateError(f"cards named twice: {twice}", code="duplicate_card", rule="MC-01")
    if game._full != (len(cards) == 40):
        raise bad(_f("full"), f"says {game._full} but {len(cards)} cards are in play", "wrong_cards")
    if played and not game._full:
        raise bad(_f("full"), "a game dealt from a deck has the 40 cards in play", "wrong_cards")
    if position is not None and counts != Counter(position):
        raise bad("state", "the cards in play are not those of the position the game started from",
                  "wrong_cards")
    # phase, seat to act, counters
    if over != (game.to_act == ()):
        raise bad("acting", f"{list(game.to_act)} does not fit the phase {phase.value!r}", "bad_phase")
    if game._window:
        raise bad("simultaneous", "Machuco has no simultaneous decisions", "bad_phase")
    if not over and (game._winner >= 0 or game._hand_closed):
        raise bad(_f("winner"), "a winner or a closed hand in a game that is not over", "bad_phase")
    if not over and (game._mano != (game._dealer + 1) % n or game._deal_no < 1 or game._hand_no < 1):
        raise bad(_f("mano"), "the mano sits after the dealer, in a hand that has dealt", "bad_phase")
    if not over and any(p >= rules.partidos_to_win for p in game._partidos):
        raise bad(_f("partidos"), "a side has won the match in a game that is not over", "out_of_range")
    if not over and game._immediate and any(s >= game._target for s in game._scores):
        raise bad(_f("scores"), f"a side has reached {game._target} in a chico that goes on", "out_of_range")
    # the deal: stock, hand sizes, plays
    stock = len(game._stock)
    if stock % dl or stock > (dph - game._deal_no) * dl or (game._full and stock != (dph - game._deal_no) * dl):
        raise InvalidStateError(f"a stock of {stock} cards does not fit deal {game._deal_no} of {dph}",
                                code="bad_stock", rule="MC-04")
    j = game._plays_done - (game._deal_no - 1) * dl
    if game._deal_no == 0:
        if not over or game._plays_done or any(game._hands) or game._plays:
            raise InvalidStateError("no deal was dealt, yet cards were played", code="bad_deal", rule="MC-04")
        j = dl
    if not 0 <= j <= dl or (j == dl and not over) or (j and phase in (Phase.DECIDE, Phase.RESPOND)):
        raise InvalidStateError(f"plays_done={game._plays_done} does not fit deal {game._deal_no}",
                                code="bad_deal", rule="MC-04")
    mano = game._mano
    want = [3 - j // n - (1 if (s - mano) % n < j % n else 0) for s in range(n)]
    if [len(h) for h in game._hands] != want:
        raise InvalidStateError(f"hand sizes {[len(h) for h in game._hands]} do not fit {j} plays of the deal "
                                f"from mano {mano}", code="bad_hand_sizes", rule="MC-04")
    plays = game._plays
    if len(plays) > game._plays_done or (played and len(plays) != game._plays_done):
        raise bad(_f("plays"), f"{len(plays)} plays recorded but plays_done={game._plays_done}", "bad_plays")
    first = game._plays_done - len(plays)
    held = {m.card for h in game._hands for m in h} | {m.card for m in game._stock}
    seen: set[Card] = set()
    for i, (seat, card) in enumerate(plays):
        if seat != (mano + first + i) % n or card in held or card in seen:
            raise bad(_f("plays"), f"play {i} ({seat}, {card}) does not fit the turn order or the cards",
                      "bad_plays")
        seen.add(card)
    starts = game._deal_starts
    if len(starts) != game._deal_no or starts != sorted(starts) or (starts and starts[-1] > len(plays)) or (
            played and starts != [k * dl for k in range(game._deal_no)]) or (
            starts and not over and len(plays) - starts[-1] > j):
        raise bad(_f("deal_starts"), f"{starts} does not fit {game._deal_no} deals and {len(plays)} plays",
                  "bad_plays")
    # the table, the last throw, the chain, the last capturer
    ranks = [c.rank for c in game._table]
    if len(set(ranks)) != len(ranks):
        raise InvalidStateError("the table never holds two cards of one number (MC-14)",
                                code="table_repeats_number", rule="MC-14")
    if game._mask != sum(_BIT[r] for r in ranks):
        raise bad(_f("mask"), "does not match the numbers on the table", "bad_field")
    level = game._ch_level
    if level:
        pile = game._piles[game._ch_side]
        k = game._ch_len
        if not level + 1 <= k <= len(pile) or pile[-1].rank != game._ch_rank or game._last_throw or sum(
                c.rank == game._ch_rank for c in pile[-k:]) < level + 1 or (plays and plays[-1][1] is not pile[-1]):
            raise InvalidStateError("the open chain's stack must end that side's pile with the chain's number, "
                                    "made by the last play", code="bad_chain", rule="MC-16")
    if not over and plays:
        last = plays[-1][1]
        thrown = bool(game._table) and game._table[-1] is last
        if game._last_throw != (last.rank if thrown else 0):
            raise bad(_f("last_throw"), f"{game._last_throw} does not fit the last play {last}", "bad_plays")
    if not over and game._last_throw and (not game._table or game._table[-1].rank != game._last_throw):
        raise bad(_f("last_throw"), "the card just thrown ends the table", "bad_plays")
    if game._last_capturer >= 0 and played and not game._piles[game._last_capturer]:
        raise bad(_f("last_capturer"), "the side that captured last holds cards", "bad_plays")
    if played and not over and ((game._last_capturer < 0) != (not any(game._piles)) or game._aside):
        raise bad(_f("last_capturer"), "piles fill only by captures, the aside only at the end of the hand",
                  "bad_plays")
    if played and len(game._turnup) != 4:
        raise bad(_f("turnup"), "a dealt hand turned up 4 cards", "bad_card")
    if state is not None:
        _check_cantes(game, state, over)


def _figures(game: Game, deal: int) -> list[tuple[int, Figure]] | None:
    """The figures dealt in ``deal`` in turn order from the mano, or ``None`` if some hand is unknown."""
    out = []
    for k in range(game._n):
        seat = (game._mano + k) % game._n
        cards = game._dealt(seat, deal)
        if len(cards) != 3:
            return None
        fig = _FIGURES[(cards[0].rank, cards[1].rank, cards[2].rank)]
        if fig is not None:
            out.append((seat, fig))
    return out


def _outcome(game: Game, figs: list[tuple[int, Figure]], field: str) -> CanteOutcome:
    per_side: list[list[Figure]] = [[] for _ in range(game._nsides)]
    for seat, fig in figs:
        per_side[game._side_of[seat]].append(fig)
    out = resolve_cantes(per_side)
    if out.category is None or out.winner is not None:
        raise bad(field, "the cantes of that deal were not contested", "bad_cantes")
    return out


def _check_cantes(game: Game, state: Mapping[str, Any], over: bool) -> None:
    """The cantes, the contest and the pending cantes are those of the hands dealt (MC-06..MC-11)."""
    rules: Rules = game.rules
    phase = game._phase
    raw = state["cantes"]
    game._cantes = None
    if over:
        if raw not in (None, []):
            raise bad(_f("cantes"), "a game that is over has no cantes", "bad_cantes")
        game._cantes = None if raw is None else ()
    elif raw is not None or game._full and (origin := game._origin) is not None and "position" not in origin:
        figs = _figures(game, game._deal_no)
        if figs is None or not _same(raw, [[s, int(f.category), f.key, f.value] for s, f in figs]):
            raise bad("state.cantes", "not the figures of the hands dealt", "bad_cantes")
        game._cantes = tuple(figs)
    # the contest waiting for the decider or the responder
    contest = state["contest"]
    deciding = phase in (Phase.DECIDE, Phase.RESPOND)
    if not deciding:
        if contest is not None:
            raise bad(_f("contest"), f"a contest outside the decide/respond phases ({phase.value})", "bad_phase")
    else:
        if type(contest) is not dict or game._cantes is None:
            raise bad(_f("contest"), "the decide/respond phases wait on a contest of known cantes", "bad_phase")
        out = _outcome(game, list(game._cantes), "state.contest")
        category = out.category
        assert category is not None  # _outcome refused the rest
        amounts = envio_amounts(category, rules.envio_limit, rules.envio_enabled)
        amount = contest.get("amount")
        if ns_two(game) is False or not amounts or type(amount) is not int or (
                amount not in amounts if phase is Phase.RESPOND else amount != 0):
            raise bad("state.contest", "no envío can be decided here", "bad_cantes")
        holders = [s for s, f in game._cantes if f.category == category]
        decider = holders[0]
        responder = next((s for s in holders if game._side_of[s] != game._side_of[decider]), -1)
        want = Contest(deal=game._deal_no, category=category, contenders=out.contenders,
                       totals=out.totals, decider=decider, responder=responder, amount=amount)
        if not _same(contest, _record(want)):
            raise bad("state.contest", "not the contest of the cantes sung", "bad_cantes")
        game._contest = want
        seat = responder if phase is Phase.RESPOND else decider
        if game.to_act != (seat,):
            raise bad("acting", f"{list(game.to_act)}: seat {seat} is to answer the cante", "bad_phase")
    if phase is Phase.PLAY and game.to_act != ((game._mano + game._plays_done) % game._n,):
        raise bad("acting", f"{list(game.to_act)} is not the seat on turn", "bad_phase")
    # the contested cantes waiting for their resolution point
    pending = []
    last = 0
    for p in _list(state["pending"], "pending", rules.deals_per_hand):
        deal = p.get("deal") if type(p) is dict else None
        if type(deal) is not int or not last < deal <= game._deal_no or (deciding and deal == game._deal_no) or (
                rules.contested_cante_resolution == "end_of_deal" and deal != game._deal_no):
            raise bad(_f("pending"), f"{p!r:.80} is not a cante waiting to be paid", "bad_cantes")
        last = deal
        figs = _figures(game, deal)
        if figs is None:
            raise bad(_f("pending"), f"the hands of deal {deal} are not known", "bad_cantes")
        out = _outcome(game, figs, "state.pending")
        stake = p.get("stake")
        cat = out.category
        assert cat is not None  # _outcome refused the rest
        amounts = envio_amounts(cat, rules.envio_limit, rules.envio_enabled) if ns_two(game) else ()
        if type(stake) is not int or (stake and stake not in amounts):
            raise bad(_f("pending"), f"the stake {stake!r} is no envío allowed here", "bad_cantes")
        want_p = PendingCante(deal=deal, category=cat, stake=stake,
                              contenders=out.contenders, totals=out.totals)
        if not _same(p, _record(want_p)):
            raise bad("state.pending", "not the cante sung in that deal", "bad_cantes")
        pending.append(want_p)
    game._pending = pending


def _same(data: Any, want: Any) -> bool:
    """``data`` is ``want`` exactly: same keys, same values of the same JSON types (``1`` is not ``1.0``)."""
    return json.dumps(data, sort_keys=True) == json.dumps(want, sort_keys=True)


def ns_two(game: Game) -> bool:
    """True when two sides play (only then can an envío be sent, MC-10)."""
    return game._nsides == 2
