"""The turn workspace: rearrange the table step by step, then commit or give up.

A front end begins a :class:`Workspace` at the start of a player's turn and
lets the player move one card at a time, split and merge melds, take cards
from the hand and put them back, ask what is invalid now (and why), and undo.
Nothing touches the game until :meth:`Workspace.commit` (a normal
:class:`~naipes.machiavelli.moves.Play`) or :meth:`Workspace.give_up` (the
failed turn, :class:`~naipes.machiavelli.moves.Forfeit`, MV-06).

Melds are numbered from 0 here (a terminal may show them from 1). A meld that
a step empties stays in place, shown empty, so the numbers of the others never
change during the turn; empty melds are dropped at commit. New melds (from
:meth:`~Workspace.take`, :meth:`~Workspace.move`, :meth:`~Workspace.split`)
are added at the end. Each meld is kept in canonical order (runs by rank).

>>> from naipes.machiavelli import Game, Rules
>>> game = Game.from_position(Rules(players=2), hands=["7H 7D JS 2C", "KD"],
...                           table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
>>> ws = Workspace.begin(game)
>>> ws.split(0, 3)               # [4S 5S 6S] and a new meld 2: [7S 8S 9S 10S]
2
>>> ws.move("7S", 2)             # 7S alone in a new meld 3
3
>>> ws.take("7H", 3); ws.take("7D", 3); ws.take("JS", 1)
3
3
1
>>> ws.problems()
()
>>> print(ws.commit())
play 7H 7D JS: [4S 5S 6S] [JS JH JD JC] [8S 9S 10S] [7S 7H 7D]
>>> game.view(0).hand
(Card.parse('2C'),)

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Sequence, Union

from naipes.cards import JOKER, Card
from naipes.errors import IllegalMoveError, NaipesError, NotationError
from naipes.machiavelli.legality import CODES, WHOLE_PLAY, Problem, describe_problems, play_problems
from naipes.machiavelli.melds import Meld, meld_problem, parse_table
from naipes.machiavelli.moves import DRAW, Draw, Forfeit, ForfeitReason, Play
from naipes.machiavelli.view import View

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game

__all__ = ["CardRef", "Workspace", "WorkspaceError"]

#: A card named in a workspace step: a :class:`Card`, or notation such as
#: ``"7H"``, ``"JK"`` (the only joker of a meld) or ``"JK=7H"`` (the joker
#: standing for 7H).
CardRef = Union[Card, str]

_Entry = tuple[Card, bool]  # (the card it reads as, is a joker)


class WorkspaceError(NaipesError, ValueError):
    """A workspace step that cannot be done (no such meld, card not there...).

    Nothing changed; the message says why. Its ``code`` is ``workspace_step``.

    .. versionadded:: 0.1
    """

    default_code = "workspace_step"


def _ref(ref: CardRef) -> tuple[Card, Card | None]:
    """(physical card, declared card or None for 'any joker')."""
    if isinstance(ref, Card):
        return ref, (None if ref.is_joker else ref)
    if not isinstance(ref, str):
        raise WorkspaceError(f"not a card: {ref!r}")
    text = ref.strip()
    try:
        if text.upper().startswith("JK"):
            rest = text[2:].strip()
            if not rest:
                return JOKER, None
            if not rest.startswith("="):
                raise WorkspaceError(f"{ref!r}: write a joker as JK or JK=7H")
            return JOKER, Card.parse(rest[1:].strip())
        card = Card.parse(text)
    except NotationError as exc:
        raise WorkspaceError(f"{ref!r} is not a card ({exc.reason})") from None
    return card, card


def _entries(meld: Meld) -> list[_Entry]:
    jokers = set(meld.jokers)
    return [(c, i in jokers) for i, c in enumerate(meld.cards)]


def _meld(entries: Sequence[_Entry]) -> Meld:
    meld = Meld(tuple(c for c, _ in entries), tuple(i for i, (_, j) in enumerate(entries) if j))
    return meld.normalized()


def _show(entry: _Entry) -> str:
    card, joker = entry
    return f"JK={card}" if joker else str(card)


class Workspace:
    """One player's turn in progress (see the module docstring).

    Args:
        view: the player's view at the start of the turn.
        game: the game to play the result on at :meth:`commit` /
            :meth:`give_up` / :meth:`draw` (``None``: those only return the move).
        numbering: the number of the first meld in messages (a terminal
            showing melds from 1 passes 1); indices in calls are always from 0.

    Raises:
        WorkspaceError: when the view's seat is not to act.

    .. versionadded:: 0.1
    """

    __slots__ = ("view", "game", "numbering", "_melds", "_hand", "_swapped", "_undo", "_moves_at_begin")

    def __init__(self, view: View, game: Game | None = None, *, numbering: int = 0) -> None:
        if view.to_act != (view.seat,):
            raise WorkspaceError(f"seat {view.seat} is not to act")
        self.view = view
        self.game = game
        self.numbering = numbering
        self._melds: list[Meld] = list(view.table)
        self._hand: list[Card] = list(view.hand)
        self._swapped = 0  # jokers brought to the hand by swaps (they may go back and forth)
        self._undo: list[tuple[tuple[Meld, ...], tuple[Card, ...], int, str]] = []
        self._moves_at_begin = len(game.history) if game is not None else 0

    @classmethod
    def begin(cls, game: Game, seat: int | None = None) -> Workspace:
        """Begin the turn of ``seat`` (default: the current player) on ``game``."""
        if seat is None:
            seat = game.current_player
            if seat is None:
                raise WorkspaceError("nobody is to act: the game is over")
        return cls(game.view(seat), game)

    # -- what is there ----------------------------------------------------------------
    @property
    def melds(self) -> tuple[Meld, ...]:
        """The working table, meld by meld (empty melds included, see the module docstring)."""
        return tuple(self._melds)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards still in the hand (plus jokers taken back by a swap)."""
        return tuple(self._hand)

    @property
    def taken(self) -> tuple[Card, ...]:
        """The hand cards now on the table."""
        return tuple((Counter(self.view.hand) - Counter(self._hand)).elements())

    @property
    def steps(self) -> tuple[str, ...]:
        """What each undoable step did, oldest first."""
        return tuple(step[-1] for step in self._undo)

    @property
    def changed(self) -> bool:
        """True when the working table or hand differs from the start of the turn."""
        return self._melds != list(self.view.table) or self._hand != list(self.view.hand)

    def table(self) -> tuple[Meld, ...]:
        """The working table without its empty melds (what :meth:`commit` submits)."""
        return tuple(m for m in self._melds if len(m))

    # -- checking ---------------------------------------------------------------------
    def problems(self) -> tuple[Problem, ...]:
        """What is invalid now: ``(meld index, reason)`` with a ``code``, index ``-1`` for the whole play.

        Meld indices are the workspace's (empty melds are skipped, not reported).
        """
        out: list[Problem] = []
        rules = self.view.rules
        known = set(self.view.table)
        for i, meld in enumerate(self._melds):
            if len(meld) and meld not in known:
                reason = meld_problem(meld, rules)
                if reason is not None:
                    out.append(Problem(i, reason, "invalid_meld"))
        whole = play_problems(self.view.table, self.view.hand, self.table(), self.taken, rules,
                              opened=self.view.is_opened)
        out.extend(p for p in whole if p[0] == WHOLE_PLAY)
        return tuple(out)

    @property
    def is_valid(self) -> bool:
        """True when :meth:`commit` would be accepted."""
        return not self.problems()

    def explain(self, lang: str = "en") -> str:
        """The problems as sentences (melds numbered from :attr:`numbering`), or ``"valid"``;
        in Spanish with ``lang="es"`` (``"vale"``).

        .. versionchanged:: 1.2
           ``lang``.
        """
        problems = self.problems()
        text = describe_problems(problems, self._melds, base=self.numbering) if problems else "valid"
        if lang == "es":
            from naipes.machiavelli._turn_words import spanish

            return spanish(text)
        return text

    # -- steps ------------------------------------------------------------------------
    def _meld_index(self, index: int, *, allow_new: bool = False) -> int:
        n = len(self._melds)
        if type(index) is not int or not 0 <= index < n + allow_new:
            b = self.numbering
            raise WorkspaceError(f"no meld {index + b if type(index) is int else index!r} "
                                 f"(melds are {b}..{n - 1 + b}" + (f", or {n + b} for a new one)" if allow_new else ")"))
        return index

    def _no(self, index: int) -> str:
        return str(index + self.numbering)

    def _save(self, description: str) -> None:
        self._undo.append((tuple(self._melds), tuple(self._hand), self._swapped, description))

    def _find(self, index: int, ref: CardRef) -> int:
        card, declared = _ref(ref)
        entries = _entries(self._melds[index])
        hits = [p for p, (c, j) in enumerate(entries)
                if (j if card.is_joker else not j) and (declared is None or c == declared)]
        if not hits:
            raise WorkspaceError(f"meld {index + self.numbering} {self._melds[index]} has no {ref}")
        if len(hits) > 1 and card.is_joker and declared is None:
            raise WorkspaceError(f"meld {index + self.numbering} has several jokers: say which, e.g. JK={entries[hits[0]][0]}")
        return hits[0]

    def _put(self, index: int | None, entry: _Entry) -> int:
        if index is None or index == len(self._melds):
            self._melds.append(_meld([entry]))
            return len(self._melds) - 1
        self._melds[index] = _meld(_entries(self._melds[index]) + [entry])
        return index

    def _remove(self, index: int, position: int) -> _Entry:
        entries = _entries(self._melds[index])
        entry = entries.pop(position)
        self._melds[index] = _meld(entries)
        return entry

    def take(self, card: CardRef, to: int | None = None, *, declare: CardRef | None = None) -> int:
        """Move a hand card onto the table: into meld ``to``, or a new meld (``None``).

        A joker needs the card it stands for: ``take("JK=7H")`` or ``declare="7H"``.

        Returns:
            The index of the meld the card went to.
        """
        physical, declared = _ref(card)
        if declare is not None:
            if not physical.is_joker:
                raise WorkspaceError("only a joker can be declared")
            declared = _ref(declare)[1]
        if to is not None:
            self._meld_index(to, allow_new=True)
        if physical not in self._hand:
            raise WorkspaceError(f"{physical} is not in your hand")
        if physical.is_joker and (declared is None or declared.is_joker):
            raise WorkspaceError("say which card the joker stands for, e.g. take JK=7H")
        assert declared is not None
        self._save(f"take {_show((declared, physical.is_joker))}")
        self._hand.remove(physical)
        return self._put(to, (declared, physical.is_joker))

    def put_back(self, card: CardRef, source: int | None = None) -> None:
        """Return a card you took from your hand, from meld ``source`` (found if ``None``)."""
        physical, declared = _ref(card)
        owned = Counter(self.view.hand) + Counter({JOKER: self._swapped})
        if Counter(self._hand)[physical] >= owned[physical]:
            raise WorkspaceError(f"no {physical} of yours is on the table (table cards must stay there)")
        if source is None:
            holders = [i for i in range(len(self._melds)) if self._has(i, card)]
            if not holders:
                raise WorkspaceError(f"{card} is on no meld")
            if len(holders) > 1:
                where = ", ".join(str(i + self.numbering) for i in holders)
                raise WorkspaceError(f"{card} is in melds {where}: say which")
            source = holders[0]
        self._meld_index(source)
        position = self._find(source, card)
        self._save(f"put back {card} from {self._no(source)}")
        self._remove(source, position)
        self._hand.append(physical)

    def _has(self, index: int, ref: CardRef) -> bool:
        try:
            self._find(index, ref)
        except WorkspaceError:
            return False
        return True

    def move(self, card: CardRef, source: int, to: int | None = None, *, declare: CardRef | None = None) -> int:
        """Move one card from meld ``source`` to meld ``to`` (``None``: a new meld).

        ``declare`` gives a moved joker a new declared card.

        Returns:
            The index of the meld the card went to.
        """
        self._meld_index(source)
        if to is not None:
            self._meld_index(to, allow_new=True)
            if to == source:
                raise WorkspaceError("the card is already in that meld")
        position = self._find(source, card)
        new: Card | None = None
        if declare is not None:
            if not _entries(self._melds[source])[position][1]:
                raise WorkspaceError("only a joker can be declared")
            new = _ref(declare)[1]
            if new is None or new.is_joker:
                raise WorkspaceError("declare a joker as a card, e.g. 7H")
        self._save(f"move {card} from {self._no(source)} to {'new' if to is None else self._no(to)}")
        declared, joker = self._remove(source, position)
        return self._put(to, (new or declared, joker))

    def split(self, index: int, at: int | CardRef) -> int:
        """Split meld ``index``: its first ``at`` cards stay, the rest become a new meld.

        ``at`` may also be a card of the meld: the split falls just before it.

        Returns:
            The index of the new meld (at the end).
        """
        self._meld_index(index)
        entries = _entries(self._melds[index])
        if isinstance(at, bool):
            raise WorkspaceError(f"split at a number of cards or a card, not {at!r}")
        cut = at if isinstance(at, int) else self._find(index, at)
        if not 0 < cut < len(entries):
            raise WorkspaceError(f"meld {index + self.numbering} has {len(entries)} cards: "
                                 f"split it at 1..{len(entries) - 1} (the cards that stay)")
        self._save(f"split {self._no(index)} at {cut}")
        self._melds[index] = _meld(entries[:cut])
        self._melds.append(_meld(entries[cut:]))
        return len(self._melds) - 1

    def merge(self, into: int, other: int) -> None:
        """Put every card of meld ``other`` into meld ``into``; ``other`` is left empty."""
        self._meld_index(into)
        self._meld_index(other)
        if into == other:
            raise WorkspaceError("merge two different melds")
        self._save(f"merge {self._no(other)} into {self._no(into)}")
        self._melds[into] = _meld(_entries(self._melds[into]) + _entries(self._melds[other]))
        self._melds[other] = Meld(())

    def declare(self, index: int, joker: CardRef, card: CardRef) -> None:
        """Change what a joker of meld ``index`` stands for (``joker``: ``"JK"`` or ``"JK=7H"``)."""
        self._meld_index(index)
        if not _ref(joker)[0].is_joker:
            raise WorkspaceError(f"{joker} is not a joker")
        new = _ref(card)[1]
        if new is None or new.is_joker:
            raise WorkspaceError("declare a joker as a card, e.g. 7H")
        position = self._find(index, joker)
        self._save(f"declare {joker} in {self._no(index)} as {new}")
        self._remove(index, position)
        self._put(index, (new, True))

    def swap(self, card: CardRef, index: int | None = None) -> None:
        """Put a natural hand card in place of the joker standing for it; the joker comes to the hand (MV-12)."""
        natural = _ref(card)[0]
        if natural.is_joker:
            raise WorkspaceError("swap a natural card for a joker, e.g. swap 7H")
        if natural not in self._hand:
            raise WorkspaceError(f"{natural} is not in your hand")
        ref = f"JK={natural}"
        if index is None:
            holders = [i for i in range(len(self._melds)) if self._has(i, ref)]
            if not holders:
                raise WorkspaceError(f"no joker on the table stands for {natural}")
            index = holders[0]
        self._meld_index(index)
        position = self._find(index, ref)
        self._save(f"swap {natural} for the joker in {self._no(index)}")
        self._remove(index, position)
        self._put(index, (natural, False))
        self._hand.remove(natural)
        self._hand.append(JOKER)
        self._swapped += 1

    def arrange(self, table: Sequence[Meld] | str) -> None:
        """Replace the working table with a whole layout (e.g. a solver's answer).

        The hand gives the cards the layout adds; jokers the layout leaves out
        come back to the hand.

        Raises:
            WorkspaceError: when the layout needs cards the hand does not have,
                or drops table cards other than jokers.
        """
        melds = parse_table(table) if isinstance(table, str) else tuple(table)
        start = Counter(c for m in self.view.table for c in m.physical)
        after = Counter(c for m in melds for c in m.physical)
        added, dropped = after - start, start - after
        jokers_back = dropped.pop(JOKER, 0)
        if dropped:
            raise WorkspaceError(f"that layout drops table cards: {' '.join(map(str, dropped.elements()))}")
        hand = Counter(self.view.hand)
        if added - hand:
            raise WorkspaceError(f"that layout needs cards you lack: {' '.join(map(str, (added - hand).elements()))}")
        self._save("arrange")
        self._melds = [m.normalized() for m in melds]
        self._hand = list((hand - added).elements()) + [JOKER] * jokers_back
        self._swapped = jokers_back

    def undo(self) -> str:
        """Undo the last step; returns what it was.

        Raises:
            WorkspaceError: when there is nothing to undo.
        """
        if not self._undo:
            raise WorkspaceError("nothing to undo")
        melds, hand, swapped, description = self._undo.pop()
        self._melds, self._hand, self._swapped = list(melds), list(hand), swapped
        return description

    def reset(self) -> None:
        """Back to the start of the turn (an undoable step)."""
        self._save("reset")
        self._melds, self._hand, self._swapped = list(self.view.table), list(self.view.hand), 0

    # -- ending the turn ----------------------------------------------------------------
    def to_move(self) -> Play:
        """The play this workspace describes.

        Raises:
            IllegalMoveError: naming every problem when it is not valid.
        """
        problems = self.problems()
        if problems:
            code = problems[0].code
            raise IllegalMoveError(self.explain().replace("\n", "; "), seat=self.view.seat, code=code,
                                   rule=CODES[code][0])
        return Play(self.table(), self.taken)

    def _send(self, move: Any) -> None:
        game = self.game
        if game is None:
            return
        if len(game.history) != self._moves_at_begin:
            raise WorkspaceError("the game moved on since this workspace began")
        game.play(move, self.view.seat)

    def commit(self) -> Play:
        """End the turn with the play (played on the game when there is one).

        Raises:
            IllegalMoveError: when the layout is not valid (nothing changes).
        """
        move = self.to_move()
        self._send(move)
        return move

    def give_up(self, reason: ForfeitReason | str = ForfeitReason.GAVE_UP) -> Forfeit:
        """End the turn as a failed turn: table and hand restored, penalty cards drawn (MV-06)."""
        move = Forfeit(ForfeitReason(reason))
        self._send(move)
        return move

    def draw(self) -> Draw:
        """Abandon the rearrangement and draw instead (MV-04)."""
        if not self.view.stock_size:
            raise WorkspaceError("the stock is empty: play or give up")
        self._send(DRAW)
        return DRAW
