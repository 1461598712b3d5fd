"""Macarra: a patience race with a Spanish deck in which every slip costs macarras.

Play it::

    >>> from naipes import macarra
    >>> game = macarra.Game(macarra.Rules(players=3), seed=1)
    >>> while game.turn is not None:
    ...     game.play(game.forced_move())
    >>> game.to_act == tuple(s for s in range(3) if s != game.loser)
    True
    >>> for seat in game.to_act:
    ...     game.play("bid 10", seat)
    >>> game.result.loser == game.loser, game.is_over
    (True, True)

The rules are on the :doc:`rules page </games/macarra>` (the house rulings MK-01 to MK-11).

.. versionadded:: 0.1
"""

from __future__ import annotations

from naipes.macarra.actions import ActionSpace
from naipes.macarra.bots import BiddingStrategy, CarelessBot, PerfectBot
from naipes.macarra.describe import describe_event, terminal_turn
from naipes.macarra.events import (
    AceDrawn,
    BidRevealed,
    CardDrawn,
    CardPlaced,
    CardsDealt,
    GameEnded,
    HandEnded,
    HandStarted,
    InfractionCommitted,
    LoserDecided,
    MacarrasGiven,
    MacarrasReturned,
    Passed,
    PlayerOut,
    PunishmentCardRevealed,
    PunishmentStarted,
    Reason,
    StockRecycled,
    Target,
    TargetKind,
    TurnEnded,
)
from naipes.macarra.moves import (
    BIDS,
    DRAW,
    MAX_BID,
    PASS,
    Bid,
    Draw,
    Move,
    Pass,
    PlaceOnFoundation,
    PlaceOnPile,
    StartFoundation,
)
from naipes.macarra.rules import DeckSize, Infractions, Rules
from naipes.macarra.scoring import Result, net_scores, punishment_value, settle_bid, value_distribution
from naipes.macarra.state import Game, Phase
from naipes.macarra.view import View

__all__ = [
    "AceDrawn",
    "ActionSpace",
    "BIDS",
    "Bid",
    "BidRevealed",
    "BiddingStrategy",
    "CardDrawn",
    "CardPlaced",
    "CardsDealt",
    "CarelessBot",
    "DRAW",
    "DeckSize",
    "Draw",
    "Game",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "InfractionCommitted",
    "Infractions",
    "LoserDecided",
    "MAX_BID",
    "MacarrasGiven",
    "MacarrasReturned",
    "Move",
    "PASS",
    "Pass",
    "Passed",
    "PerfectBot",
    "Phase",
    "PlaceOnFoundation",
    "PlaceOnPile",
    "PlayerOut",
    "PunishmentCardRevealed",
    "PunishmentStarted",
    "Reason",
    "Result",
    "Rules",
    "StartFoundation",
    "StockRecycled",
    "Target",
    "TargetKind",
    "TurnEnded",
    "View",
    "describe_event",
    "net_scores",
    "punishment_value",
    "settle_bid",
    "terminal_turn",
    "value_distribution",
]
