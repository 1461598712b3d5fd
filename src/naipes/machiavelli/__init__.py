"""Machiavelli: the Italian open-table manipulation rummy (two or three French decks).

Every combination on the table belongs to everybody; a turn is a *play* (the
whole new table, checked atomically), a *draw*, or a failed turn (*forfeit*).
See the rules page in the docs (MV-01 to MV-16) and the workspace guide.

>>> from naipes.machiavelli import Game, Rules
>>> game = Game(Rules(players=2), seed=1, first_player=0)
>>> game.play("draw"); game.current_player
1

.. versionadded:: 0.1
"""

from __future__ import annotations

from naipes.machiavelli.describe import describe_event
from naipes.machiavelli.events import (
    CardDrawn,
    CardsDealt,
    DealStarted,
    DealWon,
    DeckCut,
    DrawMade,
    PlayMade,
    ScoresUpdated,
    SessionEnded,
    TurnFailed,
)
from naipes.machiavelli.bots import BaselineBot, SolverBot
from naipes.machiavelli.legality import describe_problems, play_problems
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
from naipes.machiavelli.rules import Mode, NextStarter, Rules
from naipes.machiavelli.scoring import deal_outcome
from naipes.machiavelli.state import Game, full_deck
from naipes.machiavelli.solver import Solution, can_go_out, can_play, solve
from naipes.machiavelli.terminal import terminal_turn
from naipes.machiavelli.view import View
from naipes.machiavelli.workspace import Workspace, WorkspaceError

__all__ = [
    "BaselineBot",
    "CardDrawn",
    "CardsDealt",
    "DealStarted",
    "DealWon",
    "DeckCut",
    "Draw",
    "DrawMade",
    "Forfeit",
    "ForfeitReason",
    "Game",
    "Meld",
    "MeldKind",
    "Mode",
    "Move",
    "NextStarter",
    "Play",
    "PlayMade",
    "Rules",
    "ScoresUpdated",
    "SessionEnded",
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
    "deal_outcome",
    "describe_event",
    "describe_problems",
    "format_table",
    "full_deck",
    "hand_value",
    "is_valid_meld",
    "listed_plays",
    "meld_problem",
    "meld_value",
    "new_melds_from",
    "parse_table",
    "play_problems",
    "solve",
    "table_cards",
    "table_problems",
    "terminal_turn",
]
