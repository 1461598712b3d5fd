"""What one Ranzo seat may know: :class:`View`, its :meth:`View.sample` and :meth:`View.render`.

A view holds the seat's own concealed hand, every open juego, the discards,
the public cards of the other concealed hands (shown truco cards, named envido
cards, stolen discards), balances and the stock size; never another concealed
hand, the stock order or a window answer not yet revealed.

Sampling (determinization): every card the view does not place (own hand,
open juegos, discards, the public cards of the other hands) is unseen; the
unseen cards are shuffled and dealt to the hidden places: the rest of each
other concealed hand and the stock. A stealer's stolen card stays his last
card received. Window answers the seat cannot see are re-drawn among the
answering seat's legal claims.

.. versionadded:: 0.1
.. versionchanged:: 1.0
   ``phase`` is a :class:`~naipes.ranzo.Phase`; ``round``, ``rounds`` and
   ``round_log`` became ``hand_number``, ``num_hands`` and ``hand_log``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from naipes.cards import Card
from naipes.errors import InvalidStateError
from naipes.game import View as BaseView
from naipes.ranzo._phase import STEAL, TURN, WINDOW, Phase
from naipes.ranzo._tables import tables
from naipes.ranzo._window import claims
from naipes.ranzo.moves import Envido, Move, Truco
from naipes.ranzo.rules import Rules

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["HandRecord", "View", "build_view"]

Juego = tuple[Card, ...]
#: ``(winner or None, value, specials, split)`` of one finished hand (``split``: the
#: juegos the winner showed, ``()`` without a winner).
HandRecord = tuple[int | None, int, tuple[str, ...], tuple[Juego, ...]]


@attrs.frozen(kw_only=True)
class View(BaseView[Move]):
    """One seat's view of a Ranzo game.

    Attributes:
        rules: the rules in force.
        players: the number of seats.
        hand_number: this hand's number (from 1); ``num_hands``: hands in the game.
        dealer: this hand's dealer.
        phase: what the game waits for (:class:`~naipes.ranzo.Phase`).
        turn: the seat whose turn it is (in a window or steal: the discarder).
        stock_size: cards left in the stock.
        discards: the dead discard pile, oldest first (in a window the last
            card is the one being claimed).
        open_juegos: every seat's open juegos.
        hand_sizes: every seat's number of concealed cards.
        known_by_seat: per seat, its concealed cards that everybody knows.
        claim_card: the card under claim (window) or just stolen (steal).
        stealer: who won the claim, in the steal phase.
        claim: the winning claim, in the steal phase.
        last_window: the answers of the last resolved window of this hand.
        answered: the seats that already answered the open window.
        my_answer: this seat's answer to the open window, if given.
        hand_log: ``(winner, value, specials, split)`` of each finished hand
            (``split``: the juegos the Ranzo showed, ``()`` without a winner).
        cards: the cards in play (the whole deck in a normal game), canonical order.
        team_totals: the team totals in the team variant, else ``None``.

    ``scores`` holds every seat's balance, also in the team variant (where
    ``game.scores`` and ``Result.scores`` are :attr:`team_totals`): a view
    shows the balances its observation encodes and its samples rebuild.

    .. versionadded:: 0.1
    """

    rules: Rules
    players: int
    hand_number: int
    num_hands: int
    dealer: int
    phase: Phase
    turn: int
    stock_size: int
    discards: tuple[Card, ...]
    open_juegos: tuple[tuple[Juego, ...], ...]
    hand_sizes: tuple[int, ...]
    known_by_seat: tuple[tuple[Card, ...], ...]
    claim_card: Card | None
    stealer: int | None
    claim: Envido | Truco | None
    last_window: tuple[tuple[int, Move], ...]
    answered: tuple[int, ...]
    my_answer: Move | None
    hand_log: tuple[HandRecord, ...]
    cards: tuple[Card, ...]
    team_totals: tuple[int, ...] | None

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this view (see the module docstring).

        The game has an empty EventBus and no ``opening_events``.

        Raises:
            InvalidStateError: for a view whose counts do not fit (code ``view_mismatch``).
        """
        return _sample(self, rng)

    def render(self) -> str:
        """The table as plain text for a terminal."""
        from naipes.ranzo.describe import render
        return render(self)


def build_view(game: Game, seat: int) -> View:
    """The view of ``seat`` (used by :meth:`Game.view`)."""
    phase = game._phase
    window = phase is WINDOW
    answers = game._pending_answers
    known_by_seat = tuple([tuple(k) for k in game._known])
    claim_card = claim_card_of(game)
    steal = phase is STEAL
    return View(
        seat=seat, hand=tuple(game._hands[seat]), scores=tuple(game._balances), to_act=game.to_act,
        legal_moves=game.legal_moves(seat),
        known=tuple(c for s, k in enumerate(known_by_seat) if s != seat for c in k),
        rules=game.rules, players=game.num_players, hand_number=game._hand_no,
        num_hands=game.rules.num_rounds, dealer=game._dealer, phase=phase, turn=game._turn,
        stock_size=len(game._stock), discards=tuple(game._discards),
        open_juegos=tuple([tuple(o) for o in game._opens]),
        hand_sizes=tuple([len(h) for h in game._hands]), known_by_seat=known_by_seat,
        claim_card=claim_card, stealer=game._stealer if steal else None,
        claim=game._claim if steal else None, last_window=game._last_window,
        answered=tuple(sorted(answers)) if window else (),
        my_answer=answers.get(seat) if window else None,
        hand_log=tuple(game._hand_log), cards=game._cards, team_totals=game.team_totals)


def claim_card_of(game: Game) -> Card | None:
    """The card under claim (a window: the last discard) or just stolen (the stealer's last card)."""
    if game._phase is WINDOW:
        return game._discards[-1]
    if game._phase is STEAL and game._stealer is not None:
        return game._hands[game._stealer][-1]
    return None


def _sample(view: View, rng: random.Random,
            deal: tuple[list[list[Card]], list[Card]] | None = None) -> Game:
    """A game consistent with ``view``: the unseen cards dealt at random, or as ``deal``
    (every seat's concealed hand and the stock, from :func:`_deal_unseen` or reshaped from it)."""
    from naipes.ranzo.state import Game

    n = view.players
    game = Game._blank(view.rules, num_players=n, rng=random.Random(rng.getrandbits(63)), own_rng=True)
    game._t = tables(view.rules.deck)
    game._cards = view.cards
    game._hands, game._stock = _deal_unseen(view, rng) if deal is None else deal
    game._opens = [list(o) for o in view.open_juegos]
    game._set_known([list(k) for k in view.known_by_seat])
    game._pops = game._laid = 0
    game._discards = list(view.discards)
    game._balances = list(view.scores)
    game._phase = view.phase
    game._turn = view.turn
    game._dealer = view.dealer
    game._hand_no = view.hand_number
    game._claim = view.claim
    game._stealer = view.stealer
    game._orders = []
    game._last_window = view.last_window
    game._hand_log = list(view.hand_log)
    game._refresh()
    _set_who_acts(game, view, rng)
    game._mark_position()
    return game


def _deal_unseen(view: View, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Every seat's concealed hand and the stock, the unseen cards dealt at random."""
    stolen = view.claim_card if view.phase is STEAL else None
    placed = set(view.hand) | set(view.discards) | {c for o in view.open_juegos for j in o for c in j}
    placed.update(c for s, k in enumerate(view.known_by_seat) if s != view.seat for c in k)
    unseen = [c for c in view.cards if c not in placed]
    rng.shuffle(unseen)
    hands = []
    for s in range(view.players):
        if s == view.seat:
            hands.append(list(view.hand))
            continue
        hand = [c for c in view.known_by_seat[s] if c != stolen or s != view.stealer]
        fill = view.hand_sizes[s] - len(view.known_by_seat[s])
        if fill < 0 or fill > len(unseen):
            raise InvalidStateError("the view does not fit its own counts", code="view_mismatch")
        hand.extend(unseen[len(unseen) - fill:])
        del unseen[len(unseen) - fill:]
        if s == view.stealer and stolen is not None:
            hand.append(stolen)
        hands.append(hand)
    if len(unseen) != view.stock_size:
        raise InvalidStateError("the view does not fit its own counts", code="view_mismatch")
    return hands, unseen


def _set_who_acts(game: Game, view: View, rng: random.Random) -> None:
    n = view.players
    if view.phase is WINDOW:
        answers: dict[int, Move] = {}
        for s in view.answered:
            if s == view.seat and view.my_answer is not None:
                answers[s] = view.my_answer
            else:
                moves = claims(game, s)
                answers[s] = moves[rng.randrange(len(moves))]
        game._set_to_act(tuple(s for s in range(n) if s != view.turn), simultaneous=True, answers=answers)
    elif view.phase is TURN:
        game._set_to_act((view.turn,))
    elif view.phase is STEAL:
        assert view.stealer is not None
        game._set_to_act((view.stealer,))
    else:
        game._set_to_act(())
