"""Shared helpers for the Ranzo tests: positions with filler hands."""

from __future__ import annotations

from typing import Any, Mapping

from naipes import Card, spanish_deck
from naipes.ranzo import Game, Rules


def position(rules: Rules | None = None, *, hands: Mapping[int, str], stock: str | None = None,
             fill_stock: int = 3, **kw: Any) -> Game:
    """A position with the named hands; other seats get filler cards, the stock ``fill_stock`` fillers."""
    rules = rules or Rules()
    used = set()
    for text in hands.values():
        used.update(Card.parse_many(text))
    for o in (kw.get("open_juegos") or ()):
        for j in o:
            used.update(Card.parse_many(j) if isinstance(j, str) else j)
    for key in ("discards",):
        if key in kw:
            used.update(Card.parse_many(kw[key]))
    if stock is not None:
        used.update(Card.parse_many(stock))
    deck = [c for c in spanish_deck(rules.deck) if c not in used]
    pool = deck[::2] + deck[1::2]
    assert len(set(pool)) == len(pool)
    full: list[Any] = []
    opens = kw.get("open_juegos") or [[] for _ in range(rules.players)]
    for s in range(rules.players):
        if s in hands:
            full.append(hands[s])
        else:
            k = rules.hand_size - 3 * len(opens[s])
            full.append([pool.pop() for _ in range(k)])
    if stock is None:
        stock_cards: Any = [pool.pop() for _ in range(fill_stock)]
    else:
        stock_cards = stock
    return Game.from_position(rules, hands=full, stock=stock_cards, **kw)


def answer(game: Game, **answers: str) -> None:
    """Answer the open window: ``answer(game, p1="pass", p2="truco 11c", p3="pass")``."""
    for key in sorted(answers):
        game.play(answers[key], int(key[1:]))


def cards(text: str) -> tuple[Card, ...]:
    return Card.parse_many(text)


def balances(game: Game) -> tuple[int, ...]:
    return game.scores


__all__ = ["answer", "balances", "cards", "position"]


def rules_strategy(max_rounds: int = 3) -> Any:
    """A Hypothesis strategy of Ranzo rule variants (players, deck, RZ-09/10/14/16 options)."""
    from hypothesis import strategies as st

    @st.composite
    def draw_rules(draw: st.DrawFn) -> Rules:
        players = draw(st.sampled_from((4, 3)))
        return Rules(
            players=players,
            deck=draw(st.sampled_from((48, 40))),
            envido_beats_truco=draw(st.booleans()),
            after_steal_next=draw(st.sampled_from(("after_discarder", "after_stealer"))),
            starting_points=draw(st.sampled_from((0, 2, 30))),
            rounds=draw(st.sampled_from(tuple(range(1, max_rounds + 1)))),
            value_regular=draw(st.sampled_from((None, 4))),
            teams=players == 4 and draw(st.booleans()),
        )

    return draw_rules()
