"""naipes: typed, fast engines for traditional Spanish- and French-deck card games.

The core names are re-exported here; each game lives in its own subpackage
(``naipes.machuco``, ``naipes.macarra``, ``naipes.ranzo``,
``naipes.machiavelli``), imported on demand.

>>> from naipes import Card, spanish_deck
>>> Card.parse("7c") in spanish_deck()
True
"""

from __future__ import annotations

from naipes.bots import Bot, RandomBot, play_game
from naipes.cards import (
    FRENCH_ACE_LOW,
    FRENCH_SUITS,
    JOKER,
    SPANISH_40,
    SPANISH_48,
    SPANISH_SUITS,
    Card,
    RankOrder,
    Suit,
)
from naipes.decks import Deck, french_deck, spanish_deck
from naipes.errors import (
    HandlerError,
    IllegalMoveError,
    InvalidStateError,
    NaipesError,
    NotationError,
    RulesError,
    UsageError,
)
from naipes.events import Event, EventBus, EventLog
from naipes.game import Game, Move, Result, View, replay
from naipes.registry import GameInfo, find_game, games

__version__ = "1.1.0"

__all__ = [
    "Bot",
    "Card",
    "Deck",
    "Event",
    "EventBus",
    "EventLog",
    "FRENCH_ACE_LOW",
    "FRENCH_SUITS",
    "Game",
    "GameInfo",
    "HandlerError",
    "IllegalMoveError",
    "InvalidStateError",
    "JOKER",
    "Move",
    "NaipesError",
    "NotationError",
    "RandomBot",
    "RankOrder",
    "Result",
    "RulesError",
    "SPANISH_40",
    "SPANISH_48",
    "SPANISH_SUITS",
    "Suit",
    "UsageError",
    "View",
    "find_game",
    "french_deck",
    "games",
    "play_game",
    "replay",
    "spanish_deck",
]
