"""Reading and checking explicit positions (``Game.from_position``, state dicts) (internal)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from naipes.cards import Card
from naipes.errors import InvalidStateError, NotationError
from naipes.macarra.codes import CARDS, Phase, Tables, code

if TYPE_CHECKING:
    from naipes.macarra.state import Game

__all__ = ["check_position", "load_state", "read_cards", "read_foundations", "state_dict"]


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
    if game._phase == Phase.PLAY:
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


def state_dict(game: Game) -> dict[str, Any]:
    """The game's own part of ``to_dict``: cards as notation, stocks top first."""
    def cs(codes: Sequence[int]) -> list[str]:
        return [str(CARDS[c]) for c in codes]
    return {
        "stocks": [cs(s[::-1]) for s in game._stocks],
        "piles": [cs(p) for p in game._piles],
        "foundations": cs(game._ftop),
        "held": str(CARDS[game._held]) if game._held else None,
        "turn": game._turn,
        "recycled": list(game._recycled),
        "ledger": [list(row) for row in game._ledger],
        "infractions": list(game._infractions),
        "turns": game._turns,
        "phase": Phase.NAMES[game._phase],
        "loser": game.loser,
        "capped": game._capped,
        "punishment_card": str(CARDS[game._pcard]) if game._pcard else None,
        "bids": [b if b >= 0 else None for b in game._bids],
    }


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Fill a game from :func:`state_dict` output (``from_dict`` calls it).

    Raises:
        InvalidStateError: for an impossible state.
    """
    game._setup()
    n = game.num_players
    game._stocks = [read_cards(s)[::-1] for s in state["stocks"]]
    game._piles = [read_cards(p) for p in state["piles"]]
    game._ftop = read_foundations(state["foundations"], game._t)
    game._held = code(Card.parse(state["held"])) if state["held"] else 0
    game._turn = int(state["turn"])
    game._recycled = [bool(x) for x in state["recycled"]]
    game._ledger = [[int(x) for x in row] for row in state["ledger"]]
    game._infractions = [int(x) for x in state["infractions"]]
    game._turns = int(state["turns"])
    game._phase = Phase.NAMES.index(state["phase"])
    game._loser = -1 if state["loser"] is None else int(state["loser"])
    game._capped = bool(state["capped"])
    game._pcard = code(Card.parse(state["punishment_card"])) if state["punishment_card"] else 0
    game._bids = [-1 if b is None else int(b) for b in state["bids"]]
    if not (len(game._stocks) == len(game._piles) == len(game._recycled) == len(game._bids) == n):
        raise InvalidStateError("one stock, pile, recycled flag and bid per seat")
    acting = game._acting
    game._finish_loading()
    game._acting = acting
