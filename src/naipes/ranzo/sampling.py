"""Determinization: a full Ranzo game consistent with one seat's view (internal).

Every card the view does not place (own hand, open juegos, discards, the
public cards of the other hands) is unseen; the unseen cards are shuffled and
dealt to the hidden places: the rest of each other concealed hand and the
stock. A stealer's stolen card stays his last card received. Window answers
the seat cannot see are re-drawn among the answering seat's legal claims.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from naipes.errors import InvalidStateError
from naipes.ranzo._tables import tables

if TYPE_CHECKING:
    from naipes.ranzo.state import Game
    from naipes.ranzo.view import View

_PHASE = {"turn": 0, "window": 1, "steal": 2, "over": 3}


def sample_world(view: View, rng: random.Random) -> Game:
    """A game consistent with ``view`` (see the module docstring)."""
    from naipes.ranzo.state import Game

    game: Game = object.__new__(Game)
    game._init_base(view.rules, seed=None, rng=random.Random(rng.getrandbits(63)))
    game.num_players = n = view.players
    t = game._t = tables(view.rules.deck)
    game.cards = view.cards
    stolen = view.claim_card if view.phase == "steal" else None
    placed = set(view.hand) | set(view.discards) | {c for o in view.open_juegos for j in o for c in j}
    placed.update(c for s, k in enumerate(view.known_by_seat) if s != view.seat for c in k)
    unseen = [c for c in view.cards if c not in placed]
    rng.shuffle(unseen)
    hands = []
    for s in range(n):
        if s == view.seat:
            hands.append(list(view.hand))
            continue
        hand = [c for c in view.known_by_seat[s] if c != stolen or s != view.stealer]
        fill = view.hand_sizes[s] - len(view.known_by_seat[s])
        if fill < 0 or fill > len(unseen):
            raise InvalidStateError("the view does not fit its own counts")
        hand.extend(unseen[len(unseen) - fill:])
        del unseen[len(unseen) - fill:]
        if s == view.stealer and stolen is not None:
            hand.append(stolen)
        hands.append(hand)
    if len(unseen) != view.stock_size:
        raise InvalidStateError("the view does not fit its own counts")
    game.hands = hands
    game.stock = unseen
    game.opens = [list(o) for o in view.open_juegos]
    game.known = [list(k) for k in view.known_by_seat]
    game.discards = list(view.discards)
    game.balances = list(view.scores)
    game._phase = _PHASE[view.phase]
    game.turn = view.turn
    game.dealer = view.dealer
    game.round = view.round
    game.claim = view.claim  # type: ignore[assignment]
    game.stealer = view.stealer
    game.orders = []
    game.last_window = view.last_window
    game.round_log = list(view.round_log)
    game._cache = {}
    game._can_ranzo = False
    _set_acting(game, view, rng)
    if game._phase in (0, 2):
        actor = game._acting[0]
        game._can_ranzo = t.can_split(t.mask(game.hands[actor]))
    game._mark_position()
    return game


def _set_acting(game: Game, view: View, rng: random.Random) -> None:
    n = view.players
    if view.phase == "window":
        game._acting = tuple(s for s in range(n) if s != view.turn)
        game._simultaneous = True
        for s in view.answered:
            if s == view.seat and view.my_answer is not None:
                game._answers[s] = view.my_answer
            else:
                moves = game._claims(s)
                game._answers[s] = moves[rng.randrange(len(moves))]
    elif view.phase == "turn":
        game._acting = (view.turn,)
    elif view.phase == "steal":
        assert view.stealer is not None
        game._acting = (view.stealer,)
    else:
        game._acting = ()
