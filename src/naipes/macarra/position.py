"""Explicit positions and state dicts of Macarra: ``Game.from_position``, the bodies of
``to_dict``/``from_dict``, and their validation (internal; the codes are in
:mod:`naipes.macarra.legality`).

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence, TypeVar

from naipes.cards import Card
from naipes.errors import InvalidStateError, NotationError, UsageError
from naipes.macarra._tables import CARDS, Phase, Tables, code
from naipes.macarra.rules import Rules

if TYPE_CHECKING:
    from naipes.macarra.state import Game

__all__ = ["check_position", "deal_order", "from_position", "load_state", "read_cards", "read_foundations", "state_dict"]

G = TypeVar("G", bound="Game")


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
        raise InvalidStateError(f"not a list of cards: {cards!r} ({exc})", code="bad_cards") from exc


def _read_card(card: Card | str) -> int:
    return read_cards([card])[0]


def read_foundations(foundations: Sequence[Any], t: Tables) -> list[int]:
    """Top codes of foundations given by top card or by their cards from the ace up.

    Raises:
        InvalidStateError: for a foundation that is not a run in suit from the ace.
    """
    tops = []
    for f in foundations:
        if isinstance(f, Card) or (isinstance(f, str) and len(f.split()) == 1):
            top = _read_card(f)
            if not t.valid[top]:
                raise InvalidStateError(f"{CARDS[top]} is not in a {t.deck}-card deck",
                                        code="not_in_deck", rule="MK-01")
        else:
            run = read_cards(f)
            if not run or not t.valid[run[-1]] or t.run_to(run[-1]) != run:
                raise InvalidStateError(f"a foundation runs in suit from the ace: {f!r}",
                                        code="bad_foundation", rule="MK-04")
            top = run[-1]
        tops.append(top)
    return tops


def deal_order(game: Game, orders: tuple[tuple[Card, ...], ...]) -> list[int]:
    """The codes of the deck to deal, top first: ``deck=`` or the rules' decks shuffled."""
    r = game.rules
    full = list(game._t.full_deck) * r.num_decks
    if not orders:
        game._rng.shuffle(full)
        return full
    cards = [code(c) for c in orders[0]]
    if sorted(cards) != sorted(full):
        raise InvalidStateError(f"deck= must hold the {len(full)} cards of "
                                f"{r.num_decks} {r.deck}-card deck(s), each once per deck",
                                code="bad_deck_order", rule="MK-02")
    return cards


def from_position(cls: type[G], rules: Rules | None, *, stocks: Sequence[Any], piles: Sequence[Any] | None,
                  foundations: Sequence[Any], turn: int, held: Card | str | None, recycled: Sequence[int],
                  ledger: Sequence[Sequence[int]] | None, turns: int, punishment_card: Card | str | None,
                  seed: int | None, rng: random.Random | None) -> G:
    """The body of :meth:`naipes.macarra.Game.from_position` (see there)."""
    if rules is None:
        rules = Rules(players=len(stocks))
    if not isinstance(rules, Rules):
        raise UsageError(f"rules must be macarra.Rules, not {type(rules).__name__}", code="wrong_rules")
    if seed is not None and rng is not None:
        raise UsageError("give seed= or rng=, not both", code="seed_and_rng")
    game = cls._blank(rules, rng=rng if rng is not None else random.Random(seed))
    n = game.num_players
    game._setup()
    if len(stocks) != n or (piles is not None and len(piles) != n):
        raise InvalidStateError(f"a {n}-player position needs {n} stocks and {n} piles", code="wrong_seat_count")
    game._stocks = [read_cards(s)[::-1] for s in stocks]
    game._piles = [read_cards(p) for p in (piles or [()] * n)]
    game._ftop = read_foundations(foundations, game._t)
    game._held = _read_card(held) if held else 0
    game._recycled = [s in set(recycled) for s in range(n)]
    if ledger is not None:
        game._ledger = [[int(x) for x in row] for row in ledger]
    game._turns = turns
    if punishment_card is not None:
        game._pcard = _read_card(punishment_card)
    game._turn = turn
    game._finish_loading()
    game._set_to_act((game._turn,))
    game._mark_position()
    return game


def _seat(value: object, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise InvalidStateError(f"{what} must be a seat 0..{n - 1}, not {value!r}", code="bad_seat")
    return value


def check_position(game: Game) -> tuple[int, ...] | None:
    """Validate a position; return the cards in play (``None`` when they are the full decks).

    Raises:
        InvalidStateError: naming what is impossible.
    """
    rules = game.rules
    t = game._t
    _seat(game._turn, game.num_players, "turn")
    in_play = Counter(c for s in game._stocks for c in s)
    in_play.update(c for p in game._piles for c in p)
    for top in game._ftop:
        in_play.update(t.run_to(top))
    if game._held:
        in_play[game._held] += 1
    _check_cards(in_play, rules, t)
    # (more foundations of one suit than aces is caught as too many copies: each holds its ace)
    _check_ledger(game)
    if game._pcard and not t.valid[game._pcard]:
        raise InvalidStateError(f"{CARDS[game._pcard]} is not in a {rules.deck}-card deck",
                                code="not_in_deck", rule="MK-01")
    if game._phase is Phase.PLAY:
        _check_play(game)
    full = Counter(t.full_deck * rules.num_decks)
    return None if in_play == full else tuple(sorted(in_play.elements()))


def _check_cards(in_play: Counter[int], rules: Rules, t: Tables) -> None:
    for c, k in in_play.items():
        if not t.valid[c]:
            raise InvalidStateError(f"{CARDS[c]} is not in a {rules.deck}-card deck",
                                    code="not_in_deck", rule="MK-01")
        if k > rules.num_decks:
            raise InvalidStateError(f"{CARDS[c]} appears {k} times with {rules.num_decks} deck(s)",
                                    code="too_many_copies", rule="MK-01")


def _check_ledger(game: Game) -> None:
    n = game.num_players
    if len(game._ledger) != n or any(len(row) != n or min(row, default=0) < 0 for row in game._ledger):
        raise InvalidStateError(f"the ledger must be {n}x{n} non-negative counts", code="bad_ledger", rule="MK-09")
    if type(game._turns) is not int or game._turns < 0:
        raise InvalidStateError(f"turns must be a non-negative int, not {game._turns!r}",
                                code="bad_turns", rule="MK-11")


def _check_play(game: Game) -> None:
    p = game._turn
    alive = [s for s in range(game.num_players) if game._stocks[s] or game._piles[s] or
             (s == p and game._held)]
    if p not in alive:
        raise InvalidStateError(f"seat {p} is to play but has no cards", code="no_cards", rule="MK-08")
    if len(alive) < 2:
        raise InvalidStateError("at least two players must have cards (else the game is over)",
                                code="already_decided", rule="MK-08")


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
        "phase": game._phase.value,
        "loser": game.loser,
        "capped": game._capped,
        "punishment_card": str(CARDS[game._pcard]) if game._pcard else None,
        "bids": [b if b >= 0 else None for b in game._bids],
    }


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Fill a game from :func:`state_dict` output (``from_dict`` calls it; the base set who acts).

    Raises:
        InvalidStateError: for an impossible state.
    """
    game._setup()
    n = game.num_players
    game._stocks = [read_cards(s)[::-1] for s in state["stocks"]]
    game._piles = [read_cards(p) for p in state["piles"]]
    game._ftop = read_foundations(state["foundations"], game._t)
    game._held = _read_card(state["held"]) if state["held"] else 0
    game._turn = int(state["turn"])
    game._recycled = [bool(x) for x in state["recycled"]]
    game._ledger = [[int(x) for x in row] for row in state["ledger"]]
    game._infractions = [int(x) for x in state["infractions"]]
    game._turns = int(state["turns"])
    game._phase = Phase(state["phase"])
    game._loser = -1 if state["loser"] is None else int(state["loser"])
    game._capped = bool(state["capped"])
    game._pcard = _read_card(state["punishment_card"]) if state["punishment_card"] else 0
    game._bids = [-1 if b is None else int(b) for b in state["bids"]]
    if not (len(game._stocks) == len(game._piles) == len(game._recycled) == len(game._bids) == n):
        raise InvalidStateError("one stock, pile, recycled flag and bid per seat", code="bad_state")
    game._finish_loading()
