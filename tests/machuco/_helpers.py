"""Helpers for the Machuco tests: deck orders, positions, event capture."""

from __future__ import annotations

from typing import Any, Sequence

from naipes import Card, spanish_deck
from naipes.events import Event
from naipes.machuco import Game, PointsAwarded, Reason, Rules


def cards(text: str) -> list[Card]:
    return list(Card.parse_many(text))


#: A turn-up that scores nothing: 5c repeats 5o and is replaced by 11o (table 5o 11o 7e 1b).
QUIET = "5o 5c 7e 1b"
QUIET_EXTRA = "11o"


def deck_order(players: int, dealer: int, turnup: str = QUIET, deals: Sequence[Sequence[str]] = (),
               extra: str | None = None) -> list[Card]:
    """A 40-card order: ``turnup`` on top, ``extra`` cards, each deal (per seat, 3 cards), the rest."""
    mano = (dealer + 1) % players
    if extra is None:
        extra = QUIET_EXTRA if turnup == QUIET else ""
    order = cards(turnup) + cards(extra)
    for deal in deals:
        hands = [cards(h) for h in deal]
        for r in range(3):
            for k in range(players):
                order.append(hands[(mano + k) % players][r])
    rest = [c for c in spanish_deck(40) if c not in order]
    order += rest
    twice = sorted({str(c) for c in order if order.count(c) > 1})
    assert not twice, f"cards named twice: {twice}"
    return order


def game_with(rules: Rules, deals: Sequence[Sequence[str]] = (), *, dealer: int | None = None,
              turnup: str = QUIET, extra: str | None = None) -> tuple[Game, list[Event]]:
    """A game on a crafted deck (dealer: the last seat, so seat 0 is mano), listened to."""
    dealer = rules.players - 1 if dealer is None else dealer
    game = Game(rules, deck=deck_order(rules.players, dealer, turnup, deals, extra), dealer=dealer, seed=1)
    return game, listen(game)


def fill(named: str, *sizes: int) -> list[list[Card]]:
    """Split every card not in ``named`` into piles of the given sizes (in deck order)."""
    used = set(cards(named))
    rest = [c for c in spanish_deck(40) if c not in used]
    out, i = [], 0
    for n in sizes:
        out.append(rest[i:i + n])
        i += n
    assert i == len(rest), f"{len(rest)} cards to place, not {i}"
    return out


def listen(game: Game) -> list[Event]:
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    return seen


def awards(events: Sequence[Event], reason: Reason | None = None) -> list[tuple[int, int]]:
    return [(e.side, e.points) for e in events
            if isinstance(e, PointsAwarded) and (reason is None or e.reason is reason)]


def position(rules: Rules | None = None, **zones: Any) -> tuple[Game, list[Event]]:
    game = Game.from_position(rules or Rules(players=2), **zones)
    return game, listen(game)


def table(game: Game) -> list[str]:
    return [str(c) for c in game.zones()["table"]]


def pile(game: Game, side: int) -> list[str]:
    return [str(c) for c in game.zones()[f"pile{side}"]]
