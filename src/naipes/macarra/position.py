"""Reading and checking explicit positions (``Game.from_position``, state dicts) (internal)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Sequence

from naipes.cards import Card
from naipes.errors import InvalidStateError, NotationError
from naipes.macarra.codes import CARDS, Tables, code

if TYPE_CHECKING:
    from naipes.macarra.state import Game

__all__ = ["check_position", "read_cards", "read_foundations"]


def read_cards(cards: Any) -> list[int]:
    """Codes of cards given as ``"7e 5o"``, or a sequence of cards or card strings.

    Raises:
        InvalidStateError: for anything that is not Spanish cards.
    """
    try:
        if isinstance(cards, str):
            return [code(c) for c in Card.parse_many(cards)]
        return [code(Card.parse(c) if isinstance(c, str) else c) for c in cards]
    except (NotationError, TypeError) as exc:
        raise InvalidStateError(f"not a list of cards: {cards!r} ({exc})") from exc


def read_foundations(foundations: Sequence[Any], t: Tables) -> list[int]:
    """Top codes of foundations given by top card or by their cards from the ace up.

    Raises:
        InvalidStateError: for a foundation that is not a run in suit from the ace.
    """
    tops = []
    for f in foundations:
        if isinstance(f, Card) or (isinstance(f, str) and len(f.split()) == 1):
            top = read_cards([f])[0]
            if not t.valid[top]:
                raise InvalidStateError(f"{CARDS[top]} is not in a {t.deck}-card deck")
        else:
            run = read_cards(f)
            if not run or not t.valid[run[-1]] or t.run_to(run[-1]) != run:
                raise InvalidStateError(f"a foundation runs in suit from the ace: {f!r}")
            top = run[-1]
        tops.append(top)
    return tops


def _seat(value: object, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise InvalidStateError(f"{what} must be a seat 0..{n - 1}, not {value!r}")
    return value


def check_position(game: Game) -> tuple[int, ...] | None:
    """Validate a position; return the cards in play (``None`` when they are the full decks).

    Raises:
        InvalidStateError: naming what is impossible.
    """
    rules = game.rules
    n = game.num_players
    t = game._t
    _seat(game._turn, n, "turn")
    in_play = Counter(c for s in game._stocks for c in s)
    in_play.update(c for p in game._piles for c in p)
    for top in game._ftop:
        in_play.update(t.run_to(top))
    if game._held:
        in_play[game._held] += 1
    for c, k in in_play.items():
        if not t.valid[c]:
            raise InvalidStateError(f"{CARDS[c]} is not in a {rules.deck}-card deck")
        if k > rules.num_decks:
            raise InvalidStateError(f"{CARDS[c]} appears {k} times with {rules.num_decks} deck(s)")
    suits = Counter(top >> 4 for top in game._ftop)
    if suits and max(suits.values()) > rules.num_decks:
        raise InvalidStateError(f"more foundations of one suit than the {rules.num_decks} deck(s) have aces")
    if len(game._ledger) != n or any(len(row) != n or min(row, default=0) < 0 for row in game._ledger):
        raise InvalidStateError(f"the ledger must be {n}x{n} non-negative counts")
    if game._pcard and not t.valid[game._pcard]:
        raise InvalidStateError(f"{CARDS[game._pcard]} is not in a {rules.deck}-card deck")
    if not isinstance(game._turns, int) or game._turns < 0:
        raise InvalidStateError(f"turns must be a non-negative int, not {game._turns!r}")
    if game._phase == 0:
        _check_play(game)
    full = Counter(t.full_deck * rules.num_decks)
    return None if in_play == full else tuple(sorted(in_play.elements()))


def _check_play(game: Game) -> None:
    p = game._turn
    alive = [s for s in range(game.num_players) if game._stocks[s] or game._piles[s] or
             (s == p and game._held)]
    if p not in alive:
        raise InvalidStateError(f"seat {p} is to play but has no cards")
    if len(alive) < 2:
        raise InvalidStateError("at least two players must have cards (else the game is over)")
