"""Ranzo: a four-player draw-and-discard rummy with envido and truco steals.

The rules are ``ranzo.md`` (RZ-01 to RZ-16) with the invented hand values of
§3.C; every variant is a :class:`Rules` field.

>>> from naipes import ranzo
>>> game = ranzo.Game(ranzo.Rules(), seed=3)
>>> game.num_players, game.to_act, game.phase
(4, (0,), 'turn')

.. versionadded:: 0.1
"""

from __future__ import annotations

from naipes.ranzo.bots import RanzoBot
from naipes.ranzo.events import (
    CardDiscarded,
    CardDrawn,
    CardsDealt,
    ClaimResolved,
    ClaimsRevealed,
    GameEnded,
    JuegoLaid,
    PointsPaid,
    RanzoCalled,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from naipes.ranzo.moves import CallRanzo, Claim, Discard, Envido, Move, Pass, Truco
from naipes.ranzo.result import RanzoResult
from naipes.ranzo.rules import AfterSteal, Rules
from naipes.ranzo.scoring import HandValue, pay, rank_balances, specials_in, value_hand
from naipes.ranzo.specials import BUILTIN_SPECIALS, DEFAULT_SPECIALS, Special, special
from naipes.ranzo.state import PHASES, Game
from naipes.ranzo.view import View

__all__ = [
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
    "HandValue",
    "JuegoLaid",
    "Move",
    "PHASES",
    "Pass",
    "PointsPaid",
    "RanzoBot",
    "RanzoCalled",
    "RanzoResult",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "Special",
    "Truco",
    "TurnStarted",
    "View",
    "pay",
    "rank_balances",
    "special",
    "specials_in",
    "value_hand",
]
