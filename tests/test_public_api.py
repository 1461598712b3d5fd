"""The public namespace is curated: names are added or removed on purpose only."""

from __future__ import annotations

import importlib
import inspect

import pytest

import naipes

CORE_ALL = [
    "Bot", "Card", "Deck", "Event", "EventBus", "FRENCH_ACE_LOW", "FRENCH_SUITS", "Game",
    "GameInfo", "HandlerError", "IllegalMoveError", "InvalidStateError", "JOKER", "Move",
    "NaipesError", "NotationError", "RandomBot", "RankOrder", "Result", "RulesError",
    "SPANISH_40", "SPANISH_48", "SPANISH_SUITS", "Suit", "View", "find_game", "french_deck",
    "games", "play_game", "replay", "spanish_deck",
]

CORE_MODULES = ["naipes", "naipes.cards", "naipes.decks", "naipes.combos", "naipes.events",
                "naipes.errors", "naipes.game", "naipes.registry", "naipes.bots", "naipes.testing"]
GAME_MODULES = ["naipes.machuco", "naipes.macarra", "naipes.ranzo", "naipes.machiavelli"]


def test_core_namespace_is_exactly_the_curated_list() -> None:
    assert naipes.__all__ == CORE_ALL


def _public_modules() -> list[str]:
    found = []
    for name in CORE_MODULES + GAME_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


@pytest.mark.parametrize("module_name", _public_modules())
def test_all_is_sorted_and_resolves(module_name: str) -> None:
    module = importlib.import_module(module_name)
    names = list(getattr(module, "__all__"))
    assert names == sorted(names), f"{module_name}.__all__ is not sorted"
    for name in names:
        assert hasattr(module, name), f"{module_name}.__all__ names a missing {name}"


@pytest.mark.parametrize("module_name", _public_modules())
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert module.__doc__, f"{module_name} has no docstring"
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            if not inspect.getdoc(obj):
                missing.append(name)
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_") or not (inspect.isfunction(member) or isinstance(member, property)):
                        continue
                    if not inspect.getdoc(member):
                        missing.append(f"{name}.{attr}")
    assert not missing, f"{module_name}: no docstring on {missing}"


def test_errors_form_one_tree() -> None:
    for cls in (naipes.NotationError, naipes.IllegalMoveError, naipes.InvalidStateError,
                naipes.RulesError, naipes.HandlerError):
        assert issubclass(cls, naipes.NaipesError)
    for cls in (naipes.NotationError, naipes.IllegalMoveError, naipes.InvalidStateError, naipes.RulesError):
        assert issubclass(cls, ValueError)
    assert not issubclass(naipes.HandlerError, naipes.IllegalMoveError)
    err = naipes.IllegalMoveError("no such card in hand", move="3o", seat=2)
    assert (err.move, err.seat, err.reason) == ("3o", 2, "no such card in hand")
    assert "seat 2" in str(err) and "3o" in str(err)
    assert "'XX'" in str(naipes.NotationError("XX"))

GAME_ALL = {
    "naipes.machuco": ['Cante', 'CanteContested', 'CanteResolved', 'CanteSung', 'Captured', 'CardReplaced', 'CardThrown', 'CardsCounted', 'CardsDealt', 'Category', 'ChicoEnded', 'CoincidenceFound', 'Contest', 'DealEnded', 'DealerDrawn', 'Envio', 'EnvioAnswered', 'EnvioSent', 'Figure', 'Game', 'GameEnded', 'HandEnded', 'HandStarted', 'LeftoversTaken', 'MAYOR', 'MachucoBot', 'MachucoResult', 'MajoMade', 'MatchEnded', 'Mayor', 'MayorChosen', 'Move', 'NO_QUIERO', 'NoQuiero', 'PartidoEnded', 'PendingCante', 'PlayCard', 'PointsAwarded', 'QUIERO', 'Quiero', 'Reason', 'Rules', 'TableCleared', 'TableTurnedUp', 'TurnupBienDada', 'View', 'describe_event', 'scoring'],
    "naipes.macarra": ['AceDrawn', 'BIDS', 'Bid', 'BidRevealed', 'BiddingStrategy', 'CardDrawn', 'CardPlaced', 'CarelessBot', 'DRAW', 'DeckSize', 'Draw', 'Game', 'GameEnded', 'InfractionCommitted', 'Infractions', 'LoserDecided', 'MAX_BID', 'MacarraResult', 'MacarrasGiven', 'MacarrasReturned', 'Move', 'PASS', 'Pass', 'Passed', 'PerfectBot', 'Phase', 'PlaceOnFoundation', 'PlaceOnPile', 'PlayerOut', 'PunishmentCardRevealed', 'PunishmentStarted', 'Rules', 'StartFoundation', 'StockRecycled', 'TurnEnded', 'View', 'describe_event', 'net_scores', 'punishment_value', 'settle_bid', 'terminal_turn', 'value_distribution'],
    "naipes.ranzo": ['AfterSteal', 'BUILTIN_SPECIALS', 'CallRanzo', 'CardDiscarded', 'CardDrawn', 'CardsDealt', 'Claim', 'ClaimResolved', 'ClaimsRevealed', 'DEFAULT_SPECIALS', 'Discard', 'Envido', 'Game', 'GameEnded', 'HandValue', 'JuegoLaid', 'Move', 'PHASES', 'Pass', 'PointsPaid', 'RanzoBot', 'RanzoCalled', 'RanzoResult', 'RoundEnded', 'RoundStarted', 'Rules', 'Special', 'Truco', 'TurnStarted', 'View', 'pay', 'rank_balances', 'special', 'specials_in', 'value_hand'],
    "naipes.machiavelli": ['BaselineBot', 'CardDrawn', 'CardsDealt', 'DealStarted', 'DealWon', 'DeckCut', 'Draw', 'DrawMade', 'Forfeit', 'ForfeitReason', 'Game', 'Meld', 'MeldKind', 'Mode', 'Move', 'NextStarter', 'Play', 'PlayMade', 'Rules', 'ScoresUpdated', 'SessionEnded', 'Solution', 'SolverBot', 'TurnFailed', 'View', 'Workspace', 'WorkspaceError', 'can_go_out', 'can_play', 'card_value', 'check_table', 'deal_outcome', 'describe_event', 'describe_problems', 'format_table', 'full_deck', 'hand_value', 'is_valid_meld', 'listed_plays', 'meld_problem', 'meld_value', 'new_melds_from', 'parse_table', 'play_problems', 'solve', 'table_cards', 'table_problems', 'terminal_turn'],
}


@pytest.mark.parametrize("module_name", sorted(GAME_ALL))
def test_game_namespaces_are_exactly_the_curated_lists(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert list(module.__all__) == GAME_ALL[module_name]
