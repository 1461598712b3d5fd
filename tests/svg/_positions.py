"""Seeded positions of every game for the picture tests: random legal plays from a seed."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any, Iterator

from naipes import JOKER, Card, NotationError, macarra, machiavelli, machuco, ranzo

GAMES = {"machuco": machuco, "macarra": macarra, "ranzo": ranzo, "machiavelli": machiavelli}
SVG = "{http://www.w3.org/2000/svg}"


def new_game(name: str, seed: int) -> Any:
    module = GAMES[name]
    if name == "machuco":
        return module.Game(module.Rules(players=2 if seed % 2 else 4), seed=seed)
    return module.Game(seed=seed)


def play_randomly(game: Any, steps: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.play(rng.choice(game.legal_moves(seat)), seat=seat)
    return game


def position(name: str, seed: int, steps: int) -> Any:
    return play_randomly(new_game(name, seed), steps, seed)


_TOKEN = re.compile(r"[^\s\[\]=,()]+")


def cards_in(data: object) -> Iterator[Card]:
    """Every card written anywhere in JSON data (strings read token by token)."""
    if isinstance(data, str):
        for token in _TOKEN.findall(data):
            try:
                yield Card.parse(token)
            except NotationError:
                pass
    elif isinstance(data, dict):
        for value in data.values():
            yield from cards_in(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from cards_in(value)


def drawn_cards(svg: str) -> list[Card]:
    """The face-up cards of a picture: every ``data-card`` (checked against its ``<title>``)."""
    from naipes.svg import card_name

    root = ET.fromstring(svg)
    out = []
    for element in root.iter(f"{SVG}g"):
        notation = element.get("data-card")
        if notation is None:
            continue
        card = Card.parse(notation)
        title = element.find(f"{SVG}title")
        assert title is not None and title.text == f"{card_name(card)} ({card})"
        out.append(card)
    return out


def allowed_cards(game: Any, seat: int) -> Counter[Card]:
    """Every card ``seat`` may see face up, with multiplicity: its own hand, the public zones
    of ``game.zones()`` (all but hands and stocks), and what its view knows of hidden places
    (``known``: cards under a stock; Ranzo's ``known_by_seat``; Machiavelli's known jokers)."""
    view = game.view(seat)
    out: Counter[Card] = Counter(view.hand)
    for name, cards in game.zones().items():
        if not name.startswith(("hand", "stock")):
            out.update(cards)
    out.update(view.known)
    for known in getattr(view, "known_by_seat", ()):
        out.update(known)
    out[JOKER] += sum(getattr(view, "known_jokers", ()))
    return out
