"""A loaded history played on the game its start names (internal; ``Game._replay``).

:func:`naipes.ranzo.position.check_replay` plays a state's history from its start to
check that it leads to the state. Every move is checked exactly as :meth:`Game.play`
checks it (it must be one of the mover's legal moves), but without building the
listings: a discard is legal when its card is in the hand, a claim when
:meth:`Game._claims` would list it, and the answers of a claim window are checked and
resolved together. The effects are the engine's own (``_apply``, ``_resolve``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from naipes.cards import Card
from naipes.ranzo._phase import STEAL, TURN, WINDOW
from naipes.ranzo._window import claims
from naipes.ranzo.moves import PASS, RANZO, Discard, Envido, Move, Pass, Truco

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["replay"]


def _holds(hand: list[Card], card: Card) -> bool:
    """``card in hand``, by identity first (cards are interned)."""
    return id(card) in map(id, hand) or card in hand


def _answer(game: Game, seat: int, move: Move) -> bool:
    """Whether ``move`` is one of ``seat``'s claims in the open window (``move in claims(game, seat)``)."""
    kind = type(move)
    if kind is Pass:
        return True
    hand = game._hands[seat]
    top = game._discards[-1]
    if kind is Truco:
        return _holds(hand, move.card) and move.card.rank > top.rank  # type: ignore[attr-defined]
    if kind is Envido:
        a, b = move.a, move.b  # type: ignore[attr-defined]
        if not (_holds(hand, a) and _holds(hand, b)):
            return False
        t = game._t
        bit = t.bit
        return a in bit and b in bit and (bit[a] | bit[b] | t.bit_id[id(top)]) in t.juegos
    return move in claims(game, seat)  # another kind: the listing decides (it is refused)


def _move(game: Game, seat: int, move: Move) -> bool:
    """Whether ``move`` is one of ``seat``'s legal moves on a turn or a steal (``game._legal``)."""
    if move is RANZO:
        return game._ranzo_ok()
    if type(move) is not Discard:
        return False
    card = move.card
    hand = game._hands[seat]
    if game._phase is TURN:
        return _holds(hand, card)
    claim = game._claim
    if type(claim) is Truco:
        return card is claim.card or card == claim.card
    assert isinstance(claim, Envido)
    return _holds(hand[:-1], card) and card not in (claim.a, claim.b)


def replay(game: Game, moves: Sequence[tuple[int, Move]]) -> int | None:
    """Play ``moves`` on ``game`` (nobody listening): the index of the first that is not legal
    then (nothing of it applied), else ``None``."""
    i, end, history = 0, len(moves), game._history
    while i < end:
        phase = game._phase
        if phase is WINDOW:
            acting = game._acting
            block = tuple(moves[i:i + len(acting)])
            if len(block) < len(acting):  # a window's answers are written once all are given
                return i
            rank = game._discards[-1].rank
            for k, (s, m) in enumerate(block):
                if s != acting[k]:
                    return i + k
                if m is PASS:
                    continue
                if type(m) is Truco:  # the usual claim, inlined: a higher card in hand
                    card = m.card
                    if card.rank > rank and id(card) in map(id, game._hands[s]):
                        continue
                if not _answer(game, s, m):
                    return i + k
            history.extend(block)
            game._resolve(block)
            i += len(block)
            continue
        s, m = moves[i]
        if phase is TURN and type(m) is Discard and s == game._turn:  # the usual move, inlined
            if id(m.card) not in map(id, game._hands[s]) and not _move(game, s, m):
                return i
            history.append((s, m))
            game._turn_discard(s, m.card)
        elif (phase is not TURN and phase is not STEAL) or s != game._acting[0] or not _move(game, s, m):
            return i
        else:
            history.append((s, m))
            game._apply(m, s)
        i += 1
    return None
