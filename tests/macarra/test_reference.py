"""MK-03..MK-08 against a second, deliberately plain model of forced play written from
the rules text: both must play every seeded deal move for move."""

from __future__ import annotations

import pytest

from naipes import Card
from naipes.cards import SPANISH_40, SPANISH_48
from naipes.macarra import Game, Rules


def reference_moves(stocks: list[list[Card]], deck: int) -> list[str]:
    """Forced play of MK-03..MK-08 on stocks given top first; the moves in notation."""
    order = SPANISH_40 if deck == 40 else SPANISH_48
    n = len(stocks)
    piles: list[list[Card]] = [[] for _ in range(n)]
    found: list[Card] = []
    moves: list[str] = []

    def succ(rank: int) -> int | None:
        return order.successor(rank)

    def target(card: Card, p: int) -> str | None:
        if card.rank == 1:
            return "new"
        for i, top in enumerate(found):
            if top.suit == card.suit and succ(top.rank) == card.rank:
                return f"f{i}"
        for k in range(1, n):
            j = (p + k) % n
            if piles[j] and succ(piles[j][-1].rank) == card.rank:
                return f"p{j}"
        return None

    def place(card: Card, where: str) -> None:
        if where == "new":
            found.append(card)
        elif where[0] == "f":
            found[int(where[1:])] = card
        else:
            piles[int(where[1:])].append(card)

    def out(p: int) -> bool:
        return not stocks[p] and not piles[p]

    p = 0
    while sum(not out(s) for s in range(n)) > 1:
        while True:
            while piles[p] and (where := target(piles[p][-1], p)) is not None:  # step A
                card = piles[p].pop()
                place(card, where)
                moves.append(f"{card} {where}")
            if out(p):
                break
            if not stocks[p]:  # MK-06
                if len(piles[p]) < 2:
                    moves.append("pass")
                    break
                top = piles[p].pop()
                stocks[p], piles[p] = piles[p], [top]
            card = stocks[p].pop(0)
            moves.append("draw")
            where = target(card, p)
            if where is not None:
                place(card, where)
                moves.append(f"{card} {where}")
                if out(p):
                    break
                continue
            own = piles[p][-1] if piles[p] else None
            piles[p].append(card)
            moves.append(f"{card} p{p}")
            if own is None or succ(own.rank) != card.rank:
                break
        p = next((p + k) % n for k in range(1, n + 1) if not out((p + k) % n))
    return moves


@pytest.mark.parametrize("players, deck, decks", [(2, 40, 1), (3, 40, 1), (4, 48, 1), (5, 40, None),
                                                  (7, 48, 2), (4, 40, 3)])
def test_engine_plays_like_the_plain_model(players: int, deck: int, decks: int | None) -> None:
    for seed in range(12):
        game = Game(Rules(players=players, deck=deck, decks=decks, infractions="forbid"),  # type: ignore[arg-type]
                    seed=seed)
        stocks = [list(game.zones()[f"stock{s}"]) for s in range(players)]
        while game.turn is not None:
            game.play(game.forced_move())
        assert [str(m) for _, m in game.history] == reference_moves(stocks, deck)
