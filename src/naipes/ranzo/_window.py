"""The claim window of a Ranzo hand: the claims a seat may make (RZ-06), the winning claim
(RZ-09) and the window's events, as functions of the engine (:class:`naipes.ranzo.state.Game`).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.cards import Card
from naipes.ranzo import events as ev
from naipes.ranzo.moves import PASS, TRUCO_BY_ID, Envido, Move, Truco

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["announce_window", "claims", "winner"]


def claims(game: Game, seat: int) -> tuple[Move, ...]:
    """``seat``'s answers to the window on the last discard: pass, its envidos, its trucos (RZ-06)."""
    d = game._discards[-1]
    hand = game._hands[seat]
    ids = set(map(id, hand))
    moves: list[Move] = [PASS]
    for ia, ib, move in game._t.envidos[id(d)]:
        if ia in ids and ib in ids:
            moves.append(move)
    r = d.rank
    by_id = TRUCO_BY_ID
    moves.extend([by_id[id(c)] for c in hand if c.rank > r])
    return tuple(moves)


def winner(game: Game, answers: tuple[tuple[int, Move], ...]) -> tuple[int, Envido | Truco] | None:
    """RZ-09: envido before truco, the nearest envido, the highest truco, ties to the nearest.

    Every claim is revealed: its named cards become known cards of the claimant.
    """
    d, n = game._turn, game.num_players
    best: tuple[tuple[int, ...], int, Envido | Truco] | None = None
    beats = game.rules.envido_beats_truco
    key: tuple[int, ...]
    bits, bit_id, known = game._known_bits, game._t.bit_id, game._known
    for s, m in answers:
        dist = (s - d) % n
        if type(m) is Envido:
            game._make_known(s, (m.a, m.b))
            key = (0, dist) if beats else (dist,)
        elif type(m) is Truco:
            c = m.card
            b = bit_id[id(c)]
            if not bits[s] & b:  # game._make_known(s, (c,)), inlined
                known[s].append(c)
                bits[s] |= b
            key = (1, -c.rank, dist) if beats else (dist,)
        else:
            continue
        if best is None or key < best[0]:
            best = (key, s, m)
    return None if best is None else (best[1], best[2])


def announce_window(game: Game, card: Card, answers: tuple[tuple[int, Move], ...],
                    found: tuple[int, Envido | Truco] | None) -> None:
    """Emit the window's events (to listeners that want them): the answers, then the winner."""
    if game._wants(ev.ClaimsRevealed):
        game._emit(ev.ClaimsRevealed(discarder=game._turn, card=card, answers=answers))
    if game._wants(ev.ClaimResolved):
        shown = tuple((s, m.card) for s, m in answers if type(m) is Truco)
        game._emit(ev.ClaimResolved(winner=found[0] if found else None, claim=found[1] if found else None,
                                    card=card, shown=shown))
