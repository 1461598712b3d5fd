"""The known cards a Ranzo history implies (internal; :func:`naipes.ranzo.position.check_loaded` uses it).

A seat's ``known`` cards are the concealed cards the other seats saw: those its
claims named and the card it stole, in the order they were shown, until they
leave its hand; a new hand forgets them (RZ-06 to RZ-09). So they follow from
the game's start and its history alone: :func:`check_known` walks the history
from the start (the game a record of the state would replay before its first
move) through the turns, claim windows and steals, counting only what the
known cards depend on (the stock's size, the open juegos, the phase), and
compares the result with the state's ``known`` lists.

The walk also refuses a history entry the game's turns do not allow, as far
as the history alone shows it: in a claim window only ``pass``, an envido
whose two cards make a juego with the discarded card and a truco whose
number beats it (RZ-06 to RZ-08); in a turn or a steal only a discard or a
Ranzo; and the state's ``discards`` and ``last_window`` must be the pile
and the last window the current hand's history leaves. Which concealed card a seat held in a finished
hand is not in the state: only :meth:`Game.from_record` (a replay) checks it.
A history text in another accepted spelling (``"1o"`` for ``"discard 1o"``)
is the same move and is written canonically.

The replay of the history (:func:`naipes.ranzo.position.check_replay`) refuses
every state this walk refuses, so ``from_dict`` walks only when the replay
refused (to name the known cards, code ``bad_known``, when they are what is
wrong) or cannot run (a start on a ``random.SystemRandom``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from naipes.cards import Card
from naipes.errors import InvalidStateError
from naipes.ranzo._phase import OVER, STEAL, TURN, WINDOW, Phase
from naipes.ranzo.moves import CallRanzo, Discard, Envido, Move, Pass, Truco

if TYPE_CHECKING:
    from naipes.ranzo.state import Game
    from naipes.ranzo.view import HandRecord

__all__ = ["check_known"]


def check_known(game: Game, start: Game) -> None:
    """The loaded ``game``'s known cards (and phase) are those its history implies from ``start``.

    Raises:
        InvalidStateError: code ``bad_known``, for known cards the history does not imply or
            a history that does not fit the game's turns.
    """
    walk = _Walk(start, game._hand_log)
    walk.run(game._history, game._phase)
    if walk.pile != game._discards:
        raise InvalidStateError("the discard pile is not the one this hand's history leaves", code="bad_known")
    if walk.last_window != game._last_window:
        raise InvalidStateError("last_window is not the last claim window of this hand in the history",
                                code="bad_known")
    if walk.phase is not game._phase or walk.hand_no != game._hand_no:
        raise InvalidStateError(f"the history leads to hand {walk.hand_no} in the {walk.phase.value} phase, "
                                f"not hand {game._hand_no} in the {game._phase.value} phase", code="bad_known")
    for seat, (implied, known) in enumerate(zip(walk.known, game._known)):
        if implied != known:
            raise InvalidStateError(f"seat {seat}'s known cards are {' '.join(map(str, known)) or 'none'}, but "
                                    f"its history shows {' '.join(map(str, implied)) or 'none'}", code="bad_known")


def _broken(i: int, what: str) -> InvalidStateError:
    return InvalidStateError(f"history[{i}]: {what}", code="bad_known")


class _Walk:
    """The fields the known cards depend on, moved on by each decision of the history."""

    def __init__(self, start: Game, log: Sequence[HandRecord]) -> None:
        self.log = log
        rules = start.rules
        self.n = start.num_players
        self.size = rules.hand_size
        self.rounds = rules.num_rounds
        self.after_discarder = rules.after_steal_next == "after_discarder"
        self.beats = rules.envido_beats_truco
        self.full_stock = len(start._cards) - self.n * self.size
        self.known = [list(k) for k in start._known]
        self.opens = [len(o) for o in start._opens]
        self.stock = len(start._stock)
        self.phase: Phase = start._phase
        self.turn = start._turn
        self.dealer = start._dealer
        self.hand_no = start._hand_no
        self.top: Card | None = start._discards[-1] if start._discards else None
        self.pile = list(start._discards)
        self.stealer = start._stealer
        self.claim: Envido | Truco | None = start._claim
        self.last_window: tuple[tuple[int, Move], ...] = start._last_window
        self.is_juego = start._t.is_juego

    # -- the steps of the engine that change what is known --------------------------------
    def forget(self, seat: int, card: Card) -> None:
        known = self.known[seat]
        if card in known:
            known.remove(card)

    def show(self, seat: int, card: Card) -> None:
        if card not in self.known[seat]:
            self.known[seat].append(card)

    def start_turn(self, seat: int) -> None:
        if not self.stock:
            self.end_hand()
            return
        self.stock -= 1
        self.phase, self.turn, self.claim, self.stealer = TURN, seat, None, None

    def end_hand(self) -> None:
        self.claim = self.stealer = None
        if self.hand_no >= self.rounds:
            self.phase = OVER
            return
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % self.n
        self.known = [[] for _ in range(self.n)]
        self.last_window = ()
        self.opens = [0] * self.n
        self.stock = self.full_stock
        self.top = None
        self.pile = []
        self.start_turn((self.dealer + 1) % self.n)

    def steal_discard(self, seat: int, card: Card) -> None:
        claim = self.claim
        if isinstance(claim, Envido):
            for c in (claim.a, claim.b, self.top):
                if c is not None:
                    self.forget(seat, c)
            self.opens[seat] += 1
        self.forget(seat, card)
        self.top = card
        self.pile.append(card)
        after = self.turn if self.after_discarder else seat
        self.start_turn((after + 1) % self.n)

    # -- the walk -----------------------------------------------------------------------
    def run(self, history: list[tuple[int, Move]], final: Phase) -> None:
        i = 0
        while i < len(history):
            seat, move = history[i]
            if self.phase is WINDOW:
                i = self.window(history, i, final)
                continue
            if self.phase is OVER:
                raise _broken(i, "a move after the game ended")
            actor = self.turn if self.phase is TURN else self.stealer
            if seat != actor:
                raise _broken(i, f"seat {seat} moves in the {self.phase.value} phase of seat {actor}")
            if isinstance(move, CallRanzo):
                self.end_hand()
            elif not isinstance(move, Discard):
                raise _broken(i, f"{move} is not a move of the {self.phase.value} phase")
            elif self.phase is TURN:
                self.forget(seat, move.card)
                self.top = move.card
                self.pile.append(move.card)
                self.phase = WINDOW
            else:
                self.steal_discard(seat, move.card)
            i += 1

    def window(self, history: list[tuple[int, Move]], i: int, final: Phase) -> int:
        """Resolve the claim window whose answers start at ``history[i]``; the index after them."""
        others = [s for s in range(self.n) if s != self.turn]
        block = history[i:i + len(others)]
        if [s for s, _ in block] != others:
            raise _broken(i, f"the claim window's answers are not one per seat {others}")
        best: tuple[tuple[int, ...], int, Envido | Truco] | None = None
        for k, (s, m) in enumerate(block):
            self.answer(i + k, m)
            dist = (s - self.turn) % self.n
            if isinstance(m, Envido):
                self.show(s, m.a)
                self.show(s, m.b)
                key: tuple[int, ...] = (0, dist) if self.beats else (dist,)
            elif isinstance(m, Truco):
                self.show(s, m.card)
                key = (1, -m.card.rank, dist) if self.beats else (dist,)
            else:
                continue
            if best is None or key < best[0]:
                best = (key, s, m)
        end = i + len(others)
        self.last_window = tuple(block)
        if best is None:
            self.start_turn((self.turn + 1) % self.n)
            return end
        _, winner, claim = best
        if self.top is not None:
            self.show(winner, self.top)
            self.pile.pop()
        self.phase, self.stealer, self.claim = STEAL, winner, claim
        if isinstance(claim, Envido):
            if self.size - 3 * self.opens[winner] == 2:
                self.end_hand()  # RZ-07: the Ranzo is called with the claim
        elif not self._steal_is_played(history, end, winner, claim, final):
            self.steal_discard(winner, claim.card)  # RZ-08: the shown card goes at once
        return end

    def answer(self, i: int, move: Move) -> None:
        """Refuse ``history[i]`` unless it is an answer the window's card allows (RZ-06 to RZ-08)."""
        top = self.top
        if type(move) is Pass:
            return
        if top is None or type(move) not in (Envido, Truco):
            raise _broken(i, f"{move} is not an answer to a claim window")
        if isinstance(move, Truco) and move.card.rank <= top.rank:
            raise _broken(i, f"{move}: the truco card's number must be higher than {top.rank} (RZ-08)")
        if isinstance(move, Envido) and not self.is_juego((move.a, move.b, top)):
            raise _broken(i, f"{move}: not a juego with the discarded card {top} (RZ-07)")

    def _steal_is_played(self, history: list[tuple[int, Move]], end: int, winner: int, claim: Truco,
                         final: Phase) -> bool:
        """Whether the truco's winner decides (Ranzo or the shown card) rather than discarding at
        once (RZ-08: only a winner who could call Ranzo decides); read from the moves after it."""
        if end == len(history):
            return final is STEAL
        seat, move = history[end]
        ranzo = isinstance(move, CallRanzo)
        if seat != winner or not (ranzo or isinstance(move, Discard) and move.card == claim.card):
            return False
        log = self.log
        entry = log[self.hand_no - 1] if self.hand_no <= len(log) else None
        if self.stock:
            if ranzo and self.after_discarder and (self.turn + 1) % self.n == winner and entry is not None:
                # at once, the winner's own turn follows: his Ranzo holds the shown card only if he decided
                return any(claim.card in juego for juego in entry[3])
            return True
        if self.hand_no >= self.rounds or (self.dealer + 2) % self.n != winner:
            return True  # discarding at once ends the game, or starts a hand another seat opens
        # At once, the stock runs out and the winner opens the next hand with the same move:
        # a Ranzo that won this hand, or a discard that no claim window follows, was his decision.
        if ranzo:
            return entry is not None and entry[0] == winner
        if end + 1 == len(history):
            return final is not WINDOW
        return not isinstance(history[end + 1][1], (Pass, Envido, Truco))
