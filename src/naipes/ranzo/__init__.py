"""Ranzo: a four-player draw-and-discard rummy with envido and truco steals.

The rules are the house rules RZ-01 to RZ-16 of the rules page, with the
invented hand values of §3.C; every variant is a :class:`Rules` field.

>>> from naipes import ranzo
>>> game = ranzo.Game(ranzo.Rules(), seed=3)
>>> game.num_players, game.to_act, game.phase
(4, (0,), <Phase.PLAY: 'play'>)

.. versionadded:: 0.1
.. versionchanged:: 1.0
   The API 1.0 layout: ``Result``, ``Phase``, shared events, read-only state.
"""

from __future__ import annotations

from naipes.ranzo.actions import ActionSpace
from naipes.ranzo.bots import RanzoBot
from naipes.ranzo.describe import describe_event
from naipes.ranzo.events import (
    CardDiscarded,
    CardDrawn,
    CardsDealt,
    ClaimResolved,
    ClaimsRevealed,
    GameEnded,
    HandEnded,
    HandStarted,
    JuegoLaid,
    PointsPaid,
    RanzoCalled,
)
from naipes.ranzo.moves import CallRanzo, Claim, Discard, Envido, Move, Pass, Truco
from naipes.ranzo.phase import Phase
from naipes.ranzo.rules import AfterSteal, Rules
from naipes.ranzo.scoring import HandValue, Result, pay, rank_balances, specials_in, value_hand
from naipes.ranzo.specials import BUILTIN_SPECIALS, DEFAULT_SPECIALS, Special, special
from naipes.ranzo.state import Game
from naipes.ranzo.view import View

__all__ = [
    "ActionSpace",
    "AfterSteal",
    "BUILTIN_SPECIALS",
    "CallRanzo",
    "CardDiscarded",
    "CardDrawn",
    "CardsDealt",
    "Claim",
    "ClaimResolved",
    "ClaimsRevealed",
    "DEFAULT_SPECIALS",
    "Discard",
    "Envido",
    "Game",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "HandValue",
    "JuegoLaid",
    "Move",
    "Pass",
    "Phase",
    "PointsPaid",
    "RanzoBot",
    "RanzoCalled",
    "Result",
    "Rules",
    "Special",
    "Truco",
    "View",
    "describe_event",
    "pay",
    "rank_balances",
    "special",
    "specials_in",
    "value_hand",
]
