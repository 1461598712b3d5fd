"""The public namespace is curated: names are added or removed on purpose only."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import naipes

CORE_ALL = [
    "Bot", "Card", "Deck", "Event", "EventBus", "EventLog", "FRENCH_ACE_LOW", "FRENCH_SUITS", "Game",
    "GameInfo", "HandlerError", "IllegalMoveError", "InvalidStateError", "JOKER", "Move",
    "NaipesError", "NotationError", "RandomBot", "RankOrder", "Result", "RulesError",
    "SPANISH_40", "SPANISH_48", "SPANISH_SUITS", "Suit", "UsageError", "View", "find_game", "french_deck",
    "games", "play_game", "replay", "spanish_deck",
]

EVENTS_ALL = ["CardsDealt", "Event", "EventBus", "EventLog", "GameEnded", "HandEnded", "HandStarted",
              "HandlerError", "MovePlayed", "ScoresChanged"]

#: API 1.0: the same module names for the same roles in every game.
GAME_LAYOUT = ("__init__", "rules", "moves", "state", "view", "events", "scoring", "legality",
               "position", "bots", "describe")

CORE_MODULES = ["naipes", "naipes.cards", "naipes.decks", "naipes.combos", "naipes.events",
                "naipes.errors", "naipes.game", "naipes.registry", "naipes.bots", "naipes.testing",
                "naipes.svg", "naipes.tournament", "naipes.search", "naipes.web", "naipes.schemas",
                "naipes.plugin"]

#: The curated namespaces of the packages built on the core (1.1).
CURATED = {
    "naipes.plugin": ["GamePlugin", "ZONE_KINDS", "Zone", "event_fields_text", "plugin", "plugin_of",
                      "ships_learned_weights"],
    "naipes.svg": ["back", "card", "card_name", "deck_sheet", "render"],
    "naipes.testing": ["ConformanceError", "Difference", "check_hardening", "check_playout", "check_playthrough",
                       "check_threads", "check_trackers", "first_difference", "playthrough", "run_conformance",
                       "run_hardening", "run_in_threads"],
    "naipes.tournament": ["BOOTSTRAP_RESAMPLES", "BotFailedError", "EntrantStats", "Forfeit", "GameRecord",
                          "MAX_GAMES", "MAX_JOBS", "MAX_SAVED_GAMES", "ROUGH_DEALS", "Rating", "RayExecutor",
                          "TournamentResult", "bradley_terry", "lineups", "ratings_svg", "run", "wilson_interval"],
}
GAME_MODULES = ["naipes.machuco", "naipes.macarra", "naipes.ranzo", "naipes.machiavelli"]


def test_core_namespace_is_exactly_the_curated_list() -> None:
    assert naipes.__all__ == CORE_ALL


@pytest.mark.parametrize("module_name", sorted(CURATED))
def test_curated_namespaces(module_name: str) -> None:
    assert list(importlib.import_module(module_name).__all__) == CURATED[module_name]


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
    names = list(module.__all__)
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


def test_events_namespace() -> None:
    import naipes.events

    assert naipes.events.__all__ == EVENTS_ALL


def test_errors_form_one_tree() -> None:
    for cls in (naipes.NotationError, naipes.IllegalMoveError, naipes.InvalidStateError,
                naipes.RulesError, naipes.HandlerError, naipes.UsageError):
        assert issubclass(cls, naipes.NaipesError)
    for cls in (naipes.NotationError, naipes.IllegalMoveError, naipes.InvalidStateError, naipes.RulesError,
                naipes.UsageError):
        assert issubclass(cls, ValueError)
    codes = {cls: cls("x").code for cls in (naipes.IllegalMoveError, naipes.InvalidStateError,
                                              naipes.RulesError, naipes.UsageError, naipes.NotationError)}
    assert all(code and code.islower() for code in codes.values()) and len(set(codes.values())) == 5
    err = naipes.IllegalMoveError("not in hand", move="3o", seat=1, code="not_in_hand", rule="MC-03")
    assert (err.code, err.rule) == ("not_in_hand", "MC-03")
    assert naipes.NotationError("xx", "ambiguous", code="ambiguous").code == "ambiguous"
    assert not issubclass(naipes.HandlerError, naipes.IllegalMoveError)
    err = naipes.IllegalMoveError("no such card in hand", move="3o", seat=2)
    assert (err.move, err.seat, err.reason) == ("3o", 2, "no such card in hand")
    assert "seat 2" in str(err) and "3o" in str(err)
    assert "'XX'" in str(naipes.NotationError("XX"))

GAME_ALL = {
    "naipes.machuco": ['ActionSpace', 'Cante', 'CanteContested', 'CanteResolved', 'CanteSung', 'Captured', 'CardReplaced', 'CardThrown', 'CardsCounted', 'CardsDealt', 'Category', 'ChicoEnded', 'CoincidenceFound', 'Contest', 'DealEnded', 'DealerDrawn', 'Envio', 'EnvioAnswered', 'EnvioSent', 'Figure', 'Game', 'GameEnded', 'HandEnded', 'HandStarted', 'LeftoversTaken', 'MAYOR', 'MachucoBot', 'MajoMade', 'MatchEnded', 'Mayor', 'MayorChosen', 'Move', 'NO_QUIERO', 'NoQuiero', 'PartidoEnded', 'PendingCante', 'Phase', 'PlayCard', 'PointsAwarded', 'QUIERO', 'Quiero', 'Reason', 'Result', 'Rules', 'ScoresReset', 'TableCleared', 'TableTurnedUp', 'TurnupBienDada', 'View', 'describe_event', 'scoring'],
    "naipes.macarra": ['AceDrawn', 'ActionSpace', 'BIDS', 'Bid', 'BidRevealed', 'BiddingStrategy', 'CardDrawn', 'CardPlaced', 'CardsDealt', 'CarelessBot', 'DRAW', 'DeckSize', 'Draw', 'Game', 'GameEnded', 'HandEnded', 'HandStarted', 'InfractionCommitted', 'Infractions', 'LoserDecided', 'MAX_BID', 'MacarrasGiven', 'MacarrasReturned', 'Move', 'PASS', 'Pass', 'Passed', 'PerfectBot', 'Phase', 'PlaceOnFoundation', 'PlaceOnPile', 'PlayerOut', 'PunishmentCardRevealed', 'PunishmentStarted', 'Reason', 'Result', 'Rules', 'StartFoundation', 'StockRecycled', 'Target', 'TargetKind', 'TurnEnded', 'View', 'describe_event', 'net_scores', 'punishment_value', 'settle_bid', 'terminal_turn', 'value_distribution'],
    "naipes.ranzo": ['ActionSpace', 'AfterSteal', 'BUILTIN_SPECIALS', 'CallRanzo', 'CardDiscarded', 'CardDrawn', 'CardsDealt', 'Claim', 'ClaimResolved', 'ClaimsRevealed', 'DEFAULT_SPECIALS', 'Discard', 'Envido', 'Game', 'GameEnded', 'HandEnded', 'HandStarted', 'HandValue', 'JuegoLaid', 'Move', 'Pass', 'Phase', 'PointsPaid', 'RanzoBot', 'RanzoCalled', 'Result', 'Rules', 'Special', 'Truco', 'View', 'describe_event', 'pay', 'rank_balances', 'special', 'specials_in', 'value_hand'],
    "naipes.machiavelli": ['ActionSpace', 'BaselineBot', 'CODES', 'CardDrawn', 'CardsDealt', 'DeckCut', 'Draw', 'DrawMade', 'Forfeit', 'ForfeitReason', 'Game', 'GameEnded', 'HandEnded', 'HandStarted', 'Meld', 'MeldKind', 'Mode', 'Move', 'NextStarter', 'Phase', 'Play', 'PlayMade', 'PointsScored', 'Problem', 'Result', 'Rules', 'Solution', 'SolverBot', 'TurnFailed', 'View', 'Workspace', 'WorkspaceError', 'can_go_out', 'can_play', 'card_value', 'check_table', 'describe_event', 'describe_problems', 'format_table', 'full_deck', 'hand_outcome', 'hand_value', 'is_valid_meld', 'listed_plays', 'meld_problem', 'meld_value', 'new_melds_from', 'parse_table', 'play_problems', 'render', 'solve', 'table_cards', 'table_problems', 'terminal_turn'],
}


@pytest.mark.parametrize("module_name", sorted(GAME_ALL))
def test_game_namespaces_are_exactly_the_curated_lists(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert list(module.__all__) == GAME_ALL[module_name]


@pytest.mark.parametrize("module_name", GAME_MODULES)
def test_every_game_has_the_same_layout(module_name: str) -> None:
    package = Path(importlib.import_module(module_name).__file__ or "").parent
    missing = [m for m in GAME_LAYOUT if not (package / f"{m}.py").exists()]
    assert not missing, f"{module_name} lacks {missing}"


@pytest.mark.parametrize("module_name", GAME_MODULES)
def test_every_game_has_a_literal_all_and_the_shared_names(module_name: str) -> None:
    module = importlib.import_module(module_name)
    tree = ast.parse(Path(module.__file__ or "").read_text())
    assigned = [n.value for n in tree.body if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)]
    assert len(assigned) == 1 and isinstance(assigned[0], ast.List), "__all__ must be a literal list"
    assert all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in assigned[0].elts)
    for name in ("Rules", "Game", "Move", "View", "Result"):
        assert name in module.__all__, f"{module_name} does not export {name}"
    assert issubclass(module.Result, naipes.Result) and issubclass(module.View, naipes.View)
    assert issubclass(module.Game, naipes.Game) and issubclass(module.Move, naipes.Move)


@pytest.mark.parametrize("module_name", GAME_MODULES)
def test_game_events_subclass_the_shared_ones(module_name: str) -> None:
    import naipes.events as shared

    module = importlib.import_module(module_name)
    events = [getattr(module, n) for n in module.__all__
              if inspect.isclass(getattr(module, n)) and issubclass(getattr(module, n), shared.Event)]
    for base in (shared.GameEnded, shared.ScoresChanged, shared.HandStarted, shared.HandEnded,
                 shared.CardsDealt):
        assert any(issubclass(e, base) for e in events), f"{module_name}: no event subclasses {base.__name__}"
    for event in events:
        assert event.game_name == module_name.split(".")[1]
