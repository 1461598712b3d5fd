"""The automatic steps of a Machuco hand (internal to :mod:`naipes.machuco.state`).

The dealer draw, the turn-up, the deals and their cantes, the payment of
contested cantes, the end of a deal and of a hand, and the bookkeeping of
chicos, partidos and the match. Each function takes the game and changes it
in place; ``play`` reaches them through ``Game._apply``.

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.machuco import events as ev
from naipes.machuco._tables import _BIT, _INDEX, _PLAY, _REASONS, DECK40, Phase, _shuffled
from naipes.machuco.records import Contest, PendingCante
from naipes.machuco.scoring import _FIGURES, Figure, contest_winner, envio_amounts, resolve_cantes, turnup_points

if TYPE_CHECKING:
    from naipes.machuco.state import Game

__all__ = ["ChicoOver", "after_chico", "deal", "end_deal", "end_hand", "finish", "start_hand", "win_chico"]


class ChicoOver(Exception):
    """Internal: a chico ended; the rest of the hand is abandoned."""


def draw_dealer(game: Game) -> int:
    """High-card draw; only the seats tied for the highest card redraw (MC-03)."""
    rng = game._rng
    deck = list(DECK40)
    rng.shuffle(deck)
    contenders = list(range(game._n))
    rounds = []
    while True:
        if len(deck) < len(contenders):
            deck = list(DECK40)
            rng.shuffle(deck)
        drawn = tuple((s, deck.pop(0)) for s in contenders)
        rounds.append(drawn)
        best = max(_INDEX[c.rank] for _, c in drawn)
        contenders = [s for s, c in drawn if _INDEX[c.rank] == best]
        if len(contenders) == 1:
            game._draw = tuple(rounds)
            return contenders[0]


def start_hand(game: Game) -> None:
    """Shuffle (or take the given order), turn up four cards, score them, deal (MC-04, MC-05)."""
    if not game._full:
        finish(game)
        return
    game._clear_hand()
    game._hand_no += 1
    n = game._n
    game._mano = (game._dealer + 1) % n
    if game._hand_no <= len(game._orders):
        deck = [_PLAY[c] for c in game._orders[game._hand_no - 1]]
    else:
        deck = _shuffled(game._rng)
    sink = game._sink
    if sink is not None:
        sink.append(ev.HandStarted(hand=game._hand_no, dealer=game._dealer, mano=game._mano))
    turned = [m.card for m in deck[:4]]
    stock = deck[4:]
    game._turnup = tuple(turned)
    table = list(turned)
    replaced = []
    for i in range(1, 4):
        while any(table[j].rank == table[i].rank for j in range(i)):
            stock.append(_PLAY[table[i]])
            replaced.append((i + 1, table[i], stock[0].card))
            table[i] = stock.pop(0).card
    game._table = table
    game._stock = stock
    game._bottom = tuple(old for _, old, _ in replaced)
    game._mask = sum(_BIT[c.rank] for c in table)
    side = game._side_of[game._dealer]
    per, bien = turnup_points([c.rank for c in turned], game.rules.turnup_match_points)
    if sink is not None:
        sink.append(ev.TableTurnedUp(cards=game._turnup))
    for pos, points in enumerate(per, 1):
        if points:
            if sink is not None:
                sink.append(ev.CoincidenceFound(position=pos, card=turned[pos - 1], side=side))
            game._award(side, points, ev.Reason.COINCIDENCE)
    if bien:
        if sink is not None:
            sink.append(ev.TurnupBienDada(side=side))
        game._award(side, 1, ev.Reason.BIEN_DADA)
    if sink is not None:
        for pos, old, new in replaced:
            sink.append(ev.CardReplaced(position=pos, removed=old, added=new))
    deal(game)


def deal(game: Game) -> None:
    """Three cards to each seat, one at a time from the mano; then the cantes (MC-04, MC-06)."""
    n = game._n
    stock = game._stock
    cards = stock[:game._deal_len]
    del stock[:game._deal_len]
    game._deal_no += 1
    game._deal_starts.append(len(game._plays))
    mano = game._mano
    hands = game._hands
    figs: list[tuple[int, Figure]] = []
    sink = game._sink
    for k in range(n):
        s = (mano + k) % n
        a, b, c = cards[k], cards[n + k], cards[2 * n + k]
        hands[s] = [a, b, c]
        fig = _FIGURES[(a.card.rank, b.card.rank, c.card.rank)]
        if fig is not None:
            figs.append((s, fig))
        if sink is not None:
            sink.append(ev.CardsDealt(seat=s, cards=(a.card, b.card, c.card), deal=game._deal_no, private_to=s))
    game._phase = Phase.PLAY
    game._acting = (mano,)
    game._cantes = ()
    if figs:
        sing(game, figs)


def sing(game: Game, figs: list[tuple[int, Figure]]) -> None:
    """Sing every figure and settle what can be settled now (MC-08, MC-09, MC-10)."""
    sink = game._sink
    game._cantes = tuple(figs)
    if len(figs) == 1 and sink is None:
        s, f = figs[0]
        game._award(game._side_of[s], f.value, ev.Reason.CANTE)
        return
    per_side: list[list[Figure]] = [[] for _ in range(game._nsides)]
    for s, f in figs:
        per_side[game._side_of[s]].append(f)
        if sink is not None:
            sink.append(ev.CanteSung(seat=s, side=game._side_of[s], category=f.category, value=f.value))
    out = resolve_cantes(per_side)
    if out.winner is not None:
        game._award(out.winner, out.points, ev.Reason.CANTE)
        return
    assert out.category is not None
    cat = out.category
    if game._nsides == 2:
        holders = [s for s, f in figs if f.category == cat]
        decider = holders[0]
        responder = next(s for s in holders if game._side_of[s] != game._side_of[decider])
        if envio_amounts(cat, game.rules.envio_limit, game.rules.envio_enabled):
            game._contest = Contest(deal=game._deal_no, category=cat, contenders=out.contenders,
                                    totals=out.totals, decider=decider, responder=responder)
            game._phase = Phase.DECIDE
            game._acting = (decider,)
            if sink is not None:
                sink.append(ev.CanteContested(category=cat, contenders=out.contenders, decider=decider,
                                              responder=responder))
            return
    if sink is not None:
        sink.append(ev.CanteContested(category=cat, contenders=out.contenders, decider=None, responder=None))
    game._pending.append(PendingCante(deal=game._deal_no, category=cat, stake=0, contenders=out.contenders,
                                      totals=out.totals))


def pay_pending(game: Game) -> None:
    """Pay the contested cantes waiting for their resolution point (MC-08, MC-11)."""
    while game._pending:
        p = game._pending.pop(0)
        holders = []
        keys = []
        for k in range(game._n):
            s = (game._mano + k) % game._n
            side = game._side_of[s]
            cards = game.dealt_hand(s, p.deal)
            if side in p.contenders and len(cards) == 3:
                fig = _FIGURES[(cards[0].rank, cards[1].rank, cards[2].rank)]
                if fig is not None and fig.category == p.category:
                    holders.append((side, fig))
                    keys.append((s, fig.key))
        winner = contest_winner(holders, p.category)
        if winner is None:
            continue
        points = p.stake or p.totals[winner]
        if game._sink is not None:
            game._sink.append(ev.CanteResolved(deal=p.deal, category=p.category, winner=winner,
                                               points=points, keys=tuple(keys)))
        game._award(winner, points, ev.Reason.ENVIO if p.stake else ev.Reason.CANTE)


def end_deal(game: Game) -> None:
    if game._sink is not None:
        game._sink.append(ev.DealEnded(hand=game._hand_no, deal=game._deal_no))
    if game._pending and game.rules.contested_cante_resolution == "end_of_deal":
        pay_pending(game)
    if len(game._stock) >= game._deal_len:
        deal(game)
    else:
        end_hand(game)


def sides_from_mano(game: Game) -> list[int]:
    order: list[int] = []
    for k in range(game._n):
        side = game._side_of[(game._mano + k) % game._n]
        if side not in order:
            order.append(side)
    return order


def end_hand(game: Game) -> None:
    """Close the chain, pay what waits, sweep the leftovers, count the cards (MC-16, MC-19, MC-20)."""
    sink = game._sink
    level = game._ch_level
    if level:
        game._ch_level = 0
        if not game._cumulative:
            game._award(game._ch_side, level, _REASONS[level - 1])
    pay_pending(game)
    if game._table:
        left = tuple(game._table)
        if game._last_capturer >= 0:
            game._piles[game._last_capturer] += left
        else:
            game._aside += left
        game._table = []
        game._mask = 0
        if sink is not None:
            sink.append(ev.LeftoversTaken(side=game._last_capturer if game._last_capturer >= 0 else None,
                                          cards=left))
    threshold = game.rules.threshold
    won = tuple(len(p) for p in game._piles)
    if sink is not None:
        sink.append(ev.CardsCounted(cards_won=won, points=tuple(max(0, w - threshold) for w in won),
                                    threshold=threshold))
    for side in sides_from_mano(game):
        if won[side] > threshold:
            game._award(side, won[side] - threshold, ev.Reason.CARD_COUNT)
    game._hand_closed = True
    if sink is not None:
        sink.append(ev.HandEnded(hand=game._hand_no, scores=tuple(game._scores), abandoned=False))
    if not game._immediate:
        top = max(game._scores)
        leaders = [s for s, v in enumerate(game._scores) if v == top]
        if top >= game._target and len(leaders) == 1:
            win_chico(game, leaders[0])
    if game.rules.scope == "hand":
        finish(game)
        return
    game._dealer = game._mano
    start_hand(game)


def win_chico(game: Game, side: int) -> None:
    """Book a chico (and maybe a partido and the match), then abandon the hand (MC-21, MC-23)."""
    rules = game.rules
    sink = game._sink
    game._chicos[side] += 1
    done = rules.scope in ("hand", "chico")
    if sink is not None:
        sink.append(ev.ChicoEnded(winner=side, scores=tuple(game._scores), chicos=tuple(game._chicos)))
    if game._chicos[side] >= rules.chicos_per_partido:
        game._partidos[side] += 1
        game._chicos = [0] * game._nsides
        done = done or rules.scope == "partido"
        if sink is not None:
            sink.append(ev.PartidoEnded(winner=side, partidos=tuple(game._partidos)))
        if game._partidos[side] >= rules.partidos_to_win:
            done = True
            if sink is not None:
                sink.append(ev.MatchEnded(winner=side, partidos=tuple(game._partidos)))
    if done or not game._full:  # a partial-deck position cannot deal another hand
        game._winner = side
    raise ChicoOver


def after_chico(game: Game) -> None:
    while True:
        if not game._hand_closed:
            game._hand_closed = True
            if game._sink is not None:
                game._sink.append(ev.HandEnded(hand=game._hand_no, scores=tuple(game._scores), abandoned=True))
        if game._winner >= 0:
            finish(game)
            return
        game._scores = [0] * game._nsides
        game._dealer = game._mano
        try:
            start_hand(game)
            return
        except ChicoOver:
            continue


def finish(game: Game) -> None:
    game._phase = Phase.OVER
    game._acting = ()
    game._contest = None
    game._cantes = ()
    if game._sink is not None:
        result = game.result
        assert result is not None
        game._sink.append(ev.GameEnded(winners=result.winners, scores=result.scores))
