"""Toy: a small, complete third-party game for naipes.

It is written the way a game published outside naipes is written: against the
public API and the protected API of :class:`naipes.Game` only (``_init_base``,
``_blank``, ``_set_to_act``, ``_pending_answers``, ``_wants``, ``_emit`` and
the hooks), never against the base's private fields. The docs guide "Writing
a game" walks through it; ``pyproject.toml`` beside it registers it in the
entry-point group ``naipes.games``.

The rules: sixteen French cards (ace to four of each suit). Each seat holds
three. In turn, a seat plays a card onto the table and takes the whole table
when its card has the rank of the top card; then it draws the top card of the
stock while there is one. When every hand is empty, all seats bid 0 or 1 at
once, sealed. A seat scores one point per card taken, plus its bid.

>>> game = Game(seed=3)
>>> game.to_act, game.phase, len(game.opening_events)
((0,), <Phase.PLAY: 'play'>, 3)
>>> game.play(game.legal_moves()[0])
>>> game.to_act
(1,)
"""

from __future__ import annotations

import enum
import random
from typing import Any, Mapping, Sequence

import attrs

import naipes
from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, RulesError
from naipes import events as shared
from naipes.actions import ActionSpace as BaseActionSpace
from naipes.cards import FRENCH_SUITS, Suit
from naipes.game import exact_field
from naipes.plugin import GamePlugin, Zone
from naipes.registry import GameInfo

__all__ = [
    "Bid",
    "BidsRevealed",
    "Captured",
    "DECK",
    "Dealt",
    "GAME_INFO",
    "Game",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "Move",
    "Phase",
    "PlayCard",
    "Plugin",
    "Result",
    "Rules",
    "TakerBot",
    "ToyEvent",
    "View",
]

#: The rules in Spanish, for ``naipes --lang es rules toy`` (the English ones are this module's docstring).
RULES_ES = """
Toy
===

Dieciséis cartas francesas (del as al cuatro de cada palo). Cada asiento tiene
tres. Por turnos, cada uno juega una carta a la mesa y se lleva toda la mesa
cuando su carta tiene el mismo valor que la de arriba; luego roba la carta de
arriba del mazo mientras quede alguna. Cuando todas las manos están vacías,
todos apuestan 0 o 1 a la vez, en secreto. Cada asiento se apunta un punto por
carta ganada, más su apuesta.

Jugadas: una carta (``AS``, ``3H``) la juega; ``bid 0`` y ``bid 1`` son las
apuestas del final. Una letra de palo sola (``S``) juega la única carta de ese
palo que tengas.
"""

#: The deck, in canonical order: A-4 of spades, hearts, diamonds, clubs.
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in FRENCH_SUITS for r in range(1, 5))
#: Cards dealt to each seat.
HAND_SIZE = 3
#: The bids a seat may make at the end.
BIDS = (0, 1)
#: The longest text :meth:`Move.parse` reads.
MAX_MOVE_TEXT = 100


# -- rules --------------------------------------------------------------------------
def _players(rules: object, attribute: object, value: object) -> None:
    if type(value) is not int:
        raise RulesError(f"players must be an int, not {value!r}", code="bad_players")
    if not 2 <= value <= 4:
        raise RulesError(f"the toy is for 2 to 4 players, not {value}", code="bad_players")


@attrs.frozen(kw_only=True)
class Rules:
    """The toy's rules: only the number of players varies.

    Attributes:
        players: 2 to 4 seats (default 2); others raise ``RulesError`` (``bad_players``).
    """

    players: int = attrs.field(default=2, validator=_players)


class Phase(enum.Enum):
    """What the game waits for."""

    PLAY = "play"
    BID = "bid"
    OVER = "over"


# -- moves --------------------------------------------------------------------------
class Move(naipes.Move):
    """A toy move: :class:`PlayCard` or :class:`Bid`; ``Move.parse(str(m)) == m``."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"AS"`` (play that card) or ``"bid 1"``.

        Raises:
            NotationError: for anything else.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move is written as text", code="not_text")
        if len(text) > MAX_MOVE_TEXT:
            raise NotationError(text[:20] + "...", f"longer than {MAX_MOVE_TEXT} characters",
                                code="too_long")
        text = text.strip()
        if text.startswith("bid "):
            digits = text[4:]
            if not (digits.isascii() and digits.isdigit() and len(digits) < 3):
                raise NotationError(text, "a bid is 'bid 0' or 'bid 1'", code="bad_bid")
            return Bid(int(digits))
        return PlayCard(Card.parse(text))




@attrs.frozen
class PlayCard(Move):
    """Play ``card`` from the hand onto the table."""

    card: Card = attrs.field(validator=exact_field(Card))

    def __str__(self) -> str:
        return str(self.card)


@attrs.frozen
class Bid(Move):
    """The sealed bid of the last round: 0 or 1."""

    amount: int = attrs.field(validator=exact_field(int))

    def __str__(self) -> str:
        return f"bid {self.amount}"


# -- events -------------------------------------------------------------------------
@attrs.frozen(kw_only=True)
class ToyEvent(shared.Event):
    """Base of the toy's events: ``to_dict()["type"]`` reads ``"toy.<ClassName>"``."""

    game_name = "toy"


@attrs.frozen(kw_only=True)
class HandStarted(ToyEvent, shared.HandStarted):
    """The cards were shuffled (the toy plays one hand)."""


@attrs.frozen(kw_only=True)
class Dealt(ToyEvent, shared.CardsDealt):
    """Cards reached a hand: the deal, then each draw; other seats see only the count."""


@attrs.frozen(kw_only=True)
class Captured(ToyEvent, shared.ScoresChanged):
    """``seat`` took ``cards`` from the table; ``totals`` are the scores after it."""

    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class BidsRevealed(ToyEvent, shared.ScoresChanged):
    """The sealed bids, opened together; ``totals`` are the final scores."""

    bids: tuple[int, ...]


@attrs.frozen(kw_only=True)
class HandEnded(ToyEvent, shared.HandEnded):
    """The hand is over."""


@attrs.frozen(kw_only=True)
class GameEnded(ToyEvent, shared.GameEnded):
    """The game is over; ``result`` is a :class:`Result`."""


# -- result -------------------------------------------------------------------------
@attrs.frozen(kw_only=True)
class Result(naipes.Result):
    """How a toy game ended; ``returns`` is 1.0 for a winner, else 0.0.

    Attributes:
        bids: each seat's final bid.
    """

    bids: tuple[int, ...]


# -- view ---------------------------------------------------------------------------
@attrs.frozen(kw_only=True)
class View(naipes.View[Move]):
    """What one seat knows: its hand, the table, the piles taken, the counts.

    Attributes:
        rules: the rules.
        phase: what the game waits for.
        table: the cards on the table, bottom first.
        hand_sizes: how many cards each seat holds.
        stock_size: how many cards are left to draw.
        piles: the cards each seat took (public).
        bids: the opened bids (zeros until they are opened).
        answered: the seats whose sealed bid is in (not what they bid).
        my_bid: this seat's sealed bid, once given.
    """

    rules: Rules
    phase: Phase
    table: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    piles: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...]
    answered: tuple[int, ...]
    my_bid: int | None

    def sample(self, rng: random.Random) -> Game:
        """A full game that shows this seat this very view: unseen cards dealt at random."""
        unseen = list(DECK)
        for card in (*self.hand, *self.table, *(c for pile in self.piles for c in pile)):
            unseen.remove(card)
        rng.shuffle(unseen)
        hands = [self.hand if s == self.seat else tuple(unseen.pop() for _ in range(n))
                 for s, n in enumerate(self.hand_sizes)]
        game = Game._blank(self.rules, rng=random.Random(rng.randrange(2**63)))
        stock = tuple(unseen.pop() for _ in range(self.stock_size))
        game._fill(hands, stock, self.table, self.piles, self.bids, self.phase)
        if self.phase is Phase.BID:
            answers: dict[int, Move] = {s: Bid(rng.choice(BIDS)) for s in self.answered}
            if self.my_bid is not None:
                answers[self.seat] = Bid(self.my_bid)
            game._set_to_act(tuple(range(len(hands))), simultaneous=True, answers=answers)
        elif self.phase is Phase.PLAY:
            game._set_to_act(self.to_act)
        return game


# -- the game -----------------------------------------------------------------------
class Game(naipes.Game[Rules, Move, View]):
    """A game of Toy.

    Args:
        rules: the rules (default :class:`Rules`).
        seed: seed of the shuffle (``None``: fresh entropy).
        rng: the generator itself, instead of ``seed``.
        deck: the deck order, top first (then nothing is shuffled).

    Raises:
        InvalidStateError: for a deck order that is not the toy's deck.

    Short forms for :meth:`parse_move`: a suit letter alone (``"S"``) plays
    the only card of that suit in the hand; with two or more it is ambiguous.

    Error codes: ``not_in_hand``, ``bids_now`` (a card during the bids),
    ``not_a_bid`` (a bid outside them), ``bad_bid``.
    """

    name = "toy"
    rules_type = Rules
    move_type = Move
    __slots__ = ("_hands", "_stock", "_table", "_piles", "_bids", "_phase")

    _hands: list[list[Card]]
    _stock: list[Card]
    _table: list[Card]
    _piles: list[list[Card]]
    _bids: list[int]
    _phase: Phase

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None) -> None:
        orders = self._deck_orders(deck)
        # what the record replays besides the seed: the deck order, when one was given
        start = {"deck": [str(c) for c in orders[0]]} if orders else None
        self._init_base(rules, seed=seed, rng=rng, start=start)
        cards = list(orders[0]) if orders else list(DECK)
        if not orders:
            self._rng.shuffle(cards)
        n = self.num_players
        hands = [tuple(cards[HAND_SIZE * s: HAND_SIZE * (s + 1)]) for s in range(n)]
        self._fill(hands, tuple(cards[HAND_SIZE * n:]), (), ((),) * n, (0,) * n, Phase.PLAY)
        self._set_to_act((0,))
        if self._wants(HandStarted):
            self._emit(HandStarted(hand=1, dealer=None, first=0))
        if self._wants(Dealt):
            for s, hand in enumerate(hands):
                self._emit(Dealt(seat=s, cards=hand, count=len(hand), private_to=s))

    def _fill(self, hands: Sequence[Sequence[Card]], stock: Sequence[Card], table: Sequence[Card],
              piles: Sequence[Sequence[Card]], bids: Sequence[int], phase: Phase) -> None:
        """Set every zone (the constructor, ``sample`` and ``_load_state`` share it)."""
        self._hands = [list(h) for h in hands]
        self._stock = list(stock)
        self._table = list(table)
        self._piles = [list(p) for p in piles]
        self._bids = list(bids)
        self._phase = phase

    # -- public, read-only state ------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self._phase

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (a fresh tuple: the game's lists stay inside)."""
        return tuple(map(tuple, self._hands))

    @property
    def table(self) -> tuple[Card, ...]:
        """The cards on the table, bottom first."""
        return tuple(self._table)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat took."""
        return tuple(map(tuple, self._piles))

    @property
    def scores(self) -> tuple[int, ...]:
        """Cards taken plus bid, per seat."""
        return tuple(len(p) + b for p, b in zip(self._piles, self._bids))

    @property
    def result(self) -> Result | None:
        """The result once the bids are open, else ``None``."""
        if self._phase is not Phase.OVER:
            return None
        sc = self.scores
        seats = range(self.num_players)
        winners = tuple(s for s in seats if sc[s] == max(sc))
        ranking = tuple(tuple(s for s in seats if sc[s] == v) for v in sorted(set(sc), reverse=True))
        return Result(winners=winners, ranking=ranking, scores=sc, bids=tuple(self._bids),
                      returns=tuple(1.0 if s in winners else 0.0 for s in seats))

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play by zone."""
        z = {f"hand{s}": tuple(h) for s, h in enumerate(self._hands)}
        z.update({f"pile{s}": tuple(p) for s, p in enumerate(self._piles)})
        z["stock"] = tuple(self._stock)
        z["table"] = tuple(self._table)
        return z

    # -- the rules, as hooks ----------------------------------------------------------
    def _legal(self, seat: int) -> tuple[Move, ...]:
        if self._phase is Phase.BID:
            return tuple(Bid(b) for b in BIDS)
        return tuple(PlayCard(c) for c in self._hands[seat])

    def _check(self, move: Move, seat: int) -> None:
        if self._phase is Phase.BID:
            if not isinstance(move, Bid):
                raise IllegalMoveError("everybody bids now: bid 0 or bid 1", move=move, seat=seat,
                                       code="bids_now")
            if move.amount not in BIDS:
                raise IllegalMoveError("bid 0 or 1", move=move, seat=seat, code="bad_bid")
        elif isinstance(move, Bid):
            raise IllegalMoveError("bids come when the cards run out", move=move, seat=seat,
                                   code="not_a_bid")
        elif not (isinstance(move, PlayCard) and move.card in self._hands[seat]):
            raise IllegalMoveError("play a card from your hand", move=move, seat=seat,
                                   code="not_in_hand")

    def _short_forms(self, text: str, seat: int) -> tuple[Move, ...]:
        if self._phase is not Phase.PLAY or text not in {s.value for s in FRENCH_SUITS}:
            return ()
        suit = Suit(text)
        return tuple(PlayCard(c) for c in self._hands[seat] if c.suit is suit)

    def _apply(self, move: Move, seat: int) -> None:
        assert isinstance(move, PlayCard)
        self._hands[seat].remove(move.card)
        if self._table and self._table[-1].rank == move.card.rank:
            taken = (*self._table, move.card)
            self._piles[seat].extend(taken)
            self._table.clear()
            if self._wants(Captured):
                self._emit(Captured(seat=seat, cards=taken, totals=self.scores))
        else:
            self._table.append(move.card)
        if self._stock:
            card = self._stock.pop(0)
            self._hands[seat].append(card)
            if self._wants(Dealt):
                self._emit(Dealt(seat=seat, cards=(card,), count=1, private_to=seat))
        if any(self._hands):
            nxt = (seat + 1) % self.num_players
            while not self._hands[nxt]:
                nxt = (nxt + 1) % self.num_players
            self._set_to_act((nxt,))
        else:
            self._phase = Phase.BID
            self._set_to_act(tuple(range(self.num_players)), simultaneous=True)

    def _resolve(self, answers: tuple[tuple[int, Move], ...]) -> None:
        for seat, move in answers:
            assert isinstance(move, Bid)
            self._bids[seat] = move.amount
        self._phase = Phase.OVER
        self._set_to_act(())
        if self._wants(BidsRevealed):
            self._emit(BidsRevealed(bids=tuple(self._bids), totals=self.scores))
        if self._wants(HandEnded):
            self._emit(HandEnded(hand=1, scores=self.scores))
        if self._wants(GameEnded):
            result = self.result
            assert result is not None
            self._emit(GameEnded(result=result))

    # -- views, clones, state dicts ---------------------------------------------------
    def _view(self, seat: int) -> View:
        answers = self._pending_answers
        mine = answers.get(seat)
        return View(seat=seat, hand=tuple(self._hands[seat]), scores=self.scores, to_act=self.to_act,
                    legal_moves=self.legal_moves(seat), rules=self.rules, phase=self._phase,
                    table=tuple(self._table), hand_sizes=tuple(map(len, self._hands)),
                    stock_size=len(self._stock), piles=self.piles, bids=tuple(self._bids),
                    answered=tuple(sorted(answers)),
                    my_bid=mine.amount if isinstance(mine, Bid) else None)

    def _clone_into(self, new: Game) -> None:
        new._fill(self._hands, self._stock, self._table, self._piles, self._bids, self._phase)

    def _state_dict(self) -> dict[str, Any]:
        def cs(cards: Sequence[Card]) -> list[str]:
            return [str(c) for c in cards]

        return {"hands": [cs(h) for h in self._hands], "stock": cs(self._stock),
                "table": cs(self._table), "piles": [cs(p) for p in self._piles],
                "bids": list(self._bids), "phase": self._phase.value}

    def _load_state(self, state: Mapping[str, Any]) -> None:
        """Check every field of the state against the rules, then fill the zones."""
        n = self.num_players
        if set(state) != {"hands", "stock", "table", "piles", "bids", "phase"}:
            raise InvalidStateError(f"state: keys {sorted(state)}", code="bad_field")
        hands = [_cards(h, f"hands[{s}]") for s, h in enumerate(_seq(state["hands"], "hands", n))]
        piles = [_cards(p, f"piles[{s}]") for s, p in enumerate(_seq(state["piles"], "piles", n))]
        stock, table = _cards(state["stock"], "stock"), _cards(state["table"], "table")
        every = [c for zone in (*hands, *piles, stock, table) for c in zone]
        if sorted(map(str, every)) != sorted(map(str, DECK)):
            raise InvalidStateError("the cards in play are not the toy's deck", code="bad_cards")
        bids = _seq(state["bids"], "bids", n)
        if not all(type(b) is int and b in BIDS for b in bids):
            raise InvalidStateError(f"bids: each is 0 or 1, not {bids}", code="bad_field")
        if state["phase"] not in [p.value for p in Phase]:
            raise InvalidStateError(f"phase: {state['phase']!r}", code="bad_field")
        phase = Phase(state["phase"])
        self._check_phase(phase, hands, bids)
        self._fill(hands, stock, table, piles, bids, phase)

    def _check_phase(self, phase: Phase, hands: list[tuple[Card, ...]], bids: list[int]) -> None:
        acting, n = self._acting_now(), self.num_players
        cards_left = any(hands)
        fits = {Phase.PLAY: cards_left and len(acting) == 1 and bool(hands[acting[0]]) and not any(bids)
                and not self._window,
                Phase.BID: not cards_left and acting == tuple(range(n)) and not any(bids) and self._window,
                Phase.OVER: not cards_left and acting == ()}[phase]
        if not fits:
            raise InvalidStateError(f"phase {phase.value} does not fit the hands and the seats to act",
                                    code="bad_phase")

    def _acting_now(self) -> tuple[int, ...]:
        answered = self._pending_answers
        return tuple(sorted((*self.to_act, *answered)))


def _seq(value: object, field: str, length: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidStateError(f"{field}: must be a list of {length}", code="bad_field")
    return value


def _cards(value: object, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(type(t) is str for t in value):
        raise InvalidStateError(f"{field}: must be a list of cards", code="bad_field")
    try:
        return tuple(Card.parse(t) for t in value)
    except NotationError as exc:
        raise InvalidStateError(f"{field}: {exc}", code="bad_field") from exc


# -- machine interfaces -------------------------------------------------------------
class ActionSpace(BaseActionSpace[Rules, Move, View]):
    """Ids 0-15: play that card of :data:`DECK`; 16 and 17: bid 0 and bid 1.

    The observation: the seat (one-hot, 4), the hand, the table and each
    seat's pile (a 16-card one-hot each, 4 piles), the hand sizes and stock
    size (over 16), the scores (over 16), the phase (one-hot), who is to act
    (4 flags) and the seat's own sealed bid (2 flags).
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        self.size = len(DECK) + len(BIDS)
        self._moves: tuple[Move, ...] = (*(PlayCard(c) for c in DECK), *(Bid(b) for b in BIDS))
        self._ids = {m: i for i, m in enumerate(self._moves)}
        self._card = {c: i for i, c in enumerate(DECK)}
        n = 16
        self.observation_spec = self.spec(("seat", 4), ("hand", n), ("table", n), ("piles", 4 * n),
                                          ("counts", 5), ("scores", 4), ("phase", 3), ("to_act", 4),
                                          ("my_bid", 2))

    def _index(self, move: Move, view: View | None) -> int | None:
        return self._ids.get(move)

    def _move(self, i: int, view: View | None) -> Move | None:
        return self._moves[i]

    def _encode(self, view: View) -> list[float]:
        out = [0.0] * self.observation_size
        out[view.seat] = 1.0
        for base, cards in ((4, view.hand), (20, view.table)):
            for c in cards:
                out[base + self._card[c]] = 1.0
        for s, pile in enumerate(view.piles):
            for c in pile:
                out[36 + 16 * s + self._card[c]] = 1.0
        for s, size in enumerate((*view.hand_sizes, view.stock_size)[:5]):
            out[100 + s] = size / 16
        for s, score in enumerate(view.scores):
            out[105 + s] = score / 16
        out[109 + list(Phase).index(view.phase)] = 1.0
        for s in view.to_act:
            out[112 + s] = 1.0
        if view.my_bid is not None:
            out[116 + view.my_bid] = 1.0
        return out


# -- a bot ------------------------------------------------------------------------
class TakerBot:
    """Takes the table when it can, else plays its lowest card; bids 1 (the toy's ``best``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # it never guesses: every bot takes a seed

    def choose(self, view: View) -> Move:
        """The move for ``view.seat``."""
        if view.phase is Phase.BID:
            return Bid(max(BIDS))
        cards = [m for m in view.legal_moves if isinstance(m, PlayCard)]
        top = view.table[-1].rank if view.table else None
        return min(cards, key=lambda m: (m.card.rank != top, m.card.rank, DECK.index(m.card)))


# -- the plugin: what every layer above the engine reads ---------------------------------
_RANKS = {"en": ("ace", "two", "three", "four"), "es": ("as", "dos", "tres", "cuatro")}
_SUITS = {"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
          "es": {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"}}
_WORDS = {"en": ("play the {} of {}", " and take the table", "bid {}"),
          "es": ("juega el {} de {}", " y llévate la mesa", "apuesta {}")}
_TABLE = {"en": ("table", "stock", "taken", "your hand", "seat {}'s hand", "seat {} takes {}"),
          "es": ("mesa", "mazo", "bazas", "tu mano", "mano del asiento {}", "el asiento {} se lleva {}")}


def _notation(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


#: The zones' labels per language.
_ZONE_WORDS = {
    "en": {"mine": "Your hand", "theirs": "Seat {}'s hand", "taken": "taken", "table": "Table", "stock": "Stock"},
    "es": {"mine": "Tu mano", "theirs": "Mano del asiento {}", "taken": "ganadas", "table": "Mesa",
           "stock": "Mazo"},
}


class Plugin(GamePlugin[Rules, Move, View]):
    """Toy for the command line, pictures, web tables, search bots and adapters.

    Every part not written here keeps its generic default (see ``naipes.plugin``).
    """

    #: The quick games demos and lobbies offer: the toy is one short hand anyway.
    quick_rules: Mapping[str, Mapping[str, object]] = {"hand": {}}
    #: The bot names ``naipes play toy --bot best`` and tournaments accept.
    bot_specs: Mapping[str, str] = {"best": "naipes_toy:TakerBot", "taker": "naipes_toy:TakerBot"}

    def render(self, view: View, *, you: bool = True, lang: str = "en") -> str:
        """The table in a few lines of words (the command line shows it at each turn)."""
        table, stock, taken, mine, theirs, _ = _TABLE.get(lang, _TABLE["en"])
        counts = ", ".join(f"{s}: {len(p)}" for s, p in enumerate(view.piles))
        hand = mine if you else theirs.format(view.seat)
        return (f"{table}: {' '.join(_notation(view.table)) or '-'}   {stock}: {view.stock_size}\n"
                f"{taken}: {counts}\n{hand}: {' '.join(_notation(view.hand)) or '-'}")

    def describe_event(self, event: shared.Event, lang: str = "en") -> str | None:
        """A capture in words; every other event as the generic default tells it."""
        if isinstance(event, Captured):
            return _TABLE.get(lang, _TABLE["en"])[5].format(event.seat, " ".join(_notation(event.cards)))
        return super().describe_event(event, lang)

    def describe_move(self, move: Move, view: View | None = None, lang: str = "en") -> str:
        """``"play the two of hearts and take the table"``, ``"bid 1"``; in English or Spanish."""
        play, take, bid = _WORDS.get(lang, _WORDS["en"])
        if isinstance(move, Bid):
            return bid.format(move.amount)
        assert isinstance(move, PlayCard) and move.card.suit is not None  # the toy has no jokers
        rank, suit = move.card.rank, move.card.suit.value
        text = play.format(_RANKS.get(lang, _RANKS["en"])[rank - 1], _SUITS.get(lang, _SUITS["en"])[suit])
        takes = view is not None and bool(view.table) and view.table[-1].rank == rank
        return text + take if takes else text

    def zones(self, view: View, lang: str = "en") -> Sequence[Zone]:
        """Every hand (others' as a count), each seat's taken pile, the table and the stock,
        labelled in ``lang`` (English or Spanish)."""
        w = _ZONE_WORDS.get(lang, _ZONE_WORDS["en"])
        out: list[Zone] = []
        for s, size in enumerate(view.hand_sizes):
            if s == view.seat:
                out.append(Zone(kind="hand", label=w["mine"], cards=_notation(view.hand), seat=s))
            else:
                out.append(Zone(kind="hand", label=w["theirs"].format(s), hidden=size, seat=s))
            out.append(Zone(kind="captured", name=f"pile{s}", label=w["taken"], cards=_notation(view.piles[s]),
                            seat=s, fanned=False))
        out.append(Zone(kind="table", label=w["table"], cards=_notation(view.table)))
        out.append(Zone(kind="stock", label=w["stock"], hidden=view.stock_size, fanned=False))
        return out


#: What the registry knows of the game; ``pyproject.toml`` names it as the entry point.
GAME_INFO = GameInfo(
    name="toy", aliases=("toy game",), min_players=2, max_players=4, deck="french-16",
    complete_moves=True, max_decisions=16 + 4, module="naipes_toy", returns_range=(0.0, 1.0),
    plugin="naipes_toy:Plugin",
    summary="Toy: play to match the top card's rank, take the table, bid 0 or 1 at the end.",
    summaries=(("es", "Toy: juega una carta del mismo valor que la de arriba, llévate la mesa y apuesta 0 o 1 "
                      "al final."),))
