"""Machuco (La Ronda canaria): a Spanish-deck fishing game with cantes, majos and limpias.

2 players, or 4 in two partnerships (default) or individually. The dealer
turns up four cards, then deals three cards to each player until the stock is
empty; figures are sung after every deal, cards capture their pair and the run
above it, a majo takes the card just thrown, a limpia empties the table, and
the cards won beyond the threshold score at the end of each hand. The first
side to reach 21 wins a chico; two chicos make a partido; two partidos the
match. The rulings are on the :doc:`rules page </games/machuco>` (MC-01 to MC-24).

>>> from naipes import machuco, play_game, RandomBot
>>> game = machuco.Game(machuco.Rules(players=2, scope="chico"), seed=7)
>>> result = play_game(game, [machuco.MachucoBot(seed=1), RandomBot(2)])
>>> max(result.scores) >= 21, type(result) is machuco.Result
(True, True)

.. versionadded:: 0.1
.. versionchanged:: 1.0
   A literal ``__all__``; ``Result`` (was ``MachucoResult``), ``Phase`` and
   ``ScoresReset`` exported; the modules follow the API 1.0 layout.
"""

from __future__ import annotations

from naipes.machuco import scoring
from naipes.machuco.actions import ActionSpace
from naipes.machuco.bots import MachucoBot
from naipes.machuco.describe import describe_event
from naipes.machuco.events import (
    CanteContested,
    CanteResolved,
    CanteSung,
    Captured,
    CardReplaced,
    CardsCounted,
    CardsDealt,
    CardThrown,
    ChicoEnded,
    CoincidenceFound,
    DealEnded,
    DealerDrawn,
    EnvioAnswered,
    EnvioSent,
    GameEnded,
    HandEnded,
    HandStarted,
    LeftoversTaken,
    MajoMade,
    MatchEnded,
    MayorChosen,
    PartidoEnded,
    PointsAwarded,
    Reason,
    ScoresReset,
    TableCleared,
    TableTurnedUp,
    TurnupBienDada,
)
from naipes.machuco.moves import MAYOR, NO_QUIERO, QUIERO, Envio, Mayor, Move, NoQuiero, PlayCard, Quiero
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import Cante, Category, Contest, Figure, PendingCante, Result
from naipes.machuco.state import Game, Phase
from naipes.machuco.view import View

__all__ = [
    "ActionSpace",
    "Cante",
    "CanteContested",
    "CanteResolved",
    "CanteSung",
    "Captured",
    "CardReplaced",
    "CardThrown",
    "CardsCounted",
    "CardsDealt",
    "Category",
    "ChicoEnded",
    "CoincidenceFound",
    "Contest",
    "DealEnded",
    "DealerDrawn",
    "Envio",
    "EnvioAnswered",
    "EnvioSent",
    "Figure",
    "Game",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "LeftoversTaken",
    "MAYOR",
    "MachucoBot",
    "MajoMade",
    "MatchEnded",
    "Mayor",
    "MayorChosen",
    "Move",
    "NO_QUIERO",
    "NoQuiero",
    "PartidoEnded",
    "PendingCante",
    "Phase",
    "PlayCard",
    "PointsAwarded",
    "QUIERO",
    "Quiero",
    "Reason",
    "Result",
    "Rules",
    "ScoresReset",
    "TableCleared",
    "TableTurnedUp",
    "TurnupBienDada",
    "View",
    "describe_event",
    "scoring",
]
