"""Machiavelli: the Italian open-table manipulation rummy (two or three French decks).

Every combination on the table belongs to everybody; a turn is a *play* (the
whole new table, checked atomically), a *draw*, or a failed turn (*forfeit*).
See the rules page in the docs (MV-01 to MV-16) and the workspace guide.

>>> from naipes.machiavelli import Game, Rules
>>> game = Game(Rules(players=2), seed=1, first_player=0)
>>> game.play("draw"); game.current_player
1

.. versionadded:: 0.1
.. versionchanged:: 1.0
   API 1.0: shared events, ``Result``, read-only state, error codes, short
   move forms; see the migration page.
"""

from __future__ import annotations

from naipes.machiavelli.actions import ActionSpace
from naipes.machiavelli.bots import BaselineBot, SolverBot
from naipes.machiavelli.describe import describe_event, render, terminal_turn
from naipes.machiavelli.events import (
    CardDrawn,
    CardsDealt,
    DeckCut,
    DrawMade,
    GameEnded,
    HandEnded,
    HandStarted,
    PlayMade,
    PointsScored,
    TurnFailed,
)
from naipes.machiavelli.legality import CODES, Problem, describe_problems, play_problems
from naipes.machiavelli.listing import listed_plays, new_melds_from
from naipes.machiavelli.melds import (
    Meld,
    MeldKind,
    card_value,
    check_table,
    format_table,
    hand_value,
    is_valid_meld,
    meld_problem,
    meld_value,
    parse_table,
    table_cards,
    table_problems,
)
from naipes.machiavelli.moves import Draw, Forfeit, ForfeitReason, Move, Play
from naipes.machiavelli.phase import Phase
from naipes.machiavelli.rules import Mode, NextStarter, Rules
from naipes.machiavelli.scoring import Result, hand_outcome
from naipes.machiavelli.solver import Solution, can_go_out, can_play, solve
from naipes.machiavelli.state import Game, full_deck
from naipes.machiavelli.view import View
from naipes.machiavelli.workspace import Workspace, WorkspaceError

__all__ = [
    "ActionSpace",
    "BaselineBot",
    "CODES",
    "CardDrawn",
    "CardsDealt",
    "DeckCut",
    "Draw",
    "DrawMade",
    "Forfeit",
    "ForfeitReason",
    "Game",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "Meld",
    "MeldKind",
    "Mode",
    "Move",
    "NextStarter",
    "Phase",
    "Play",
    "PlayMade",
    "PointsScored",
    "Problem",
    "Result",
    "Rules",
    "Solution",
    "SolverBot",
    "TurnFailed",
    "View",
    "Workspace",
    "WorkspaceError",
    "can_go_out",
    "can_play",
    "card_value",
    "check_table",
    "describe_event",
    "describe_problems",
    "format_table",
    "full_deck",
    "hand_outcome",
    "hand_value",
    "is_valid_meld",
    "listed_plays",
    "meld_problem",
    "meld_value",
    "new_melds_from",
    "parse_table",
    "play_problems",
    "render",
    "solve",
    "table_cards",
    "table_problems",
    "terminal_turn",
]
