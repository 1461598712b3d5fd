"""Every registered game's plugin (naipes.plugin): rules, quick games, bots, words, zones, completions."""

from __future__ import annotations

import random
from typing import Any, Iterator

import attrs
import pytest

from naipes import registry, tournament
from naipes.bots import RandomBot, bot_names, check_bot_spec, game_bots, load_bot, play_game
from naipes.cards import Card
from naipes.errors import NaipesError, RulesError, UsageError
from naipes.plugin import ZONE_KINDS, GamePlugin, Zone, event_fields_text, plugin
from naipes.registry import GameInfo

OURS = ("machuco", "macarra", "ranzo", "machiavelli")
GAMES = (*OURS, "toy")
#: The most decisions a quick game may take under random play (far above what they need).
QUICK_DECISIONS = 20_000


@pytest.fixture(autouse=True)
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry with our games and the example third-party game (its entry point's GameInfo)."""
    import naipes_toy

    registry.games()  # our games and any entry point, loaded once
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    if "toy" not in registry._GAMES:
        registry.register(naipes_toy.GAME_INFO)
    yield


def _positions(name: str, seeds: int = 3, plies: int = 60) -> Iterator[tuple[Any, int]]:
    """(game, seat to act) at random points of random games under the game's quick rules."""
    p = plugin(name)
    for seed in range(seeds):
        game = p.new_game(p.rules(settings=p.quick()), seed=seed)
        rng = random.Random(seed)
        stop = rng.randrange(plies)
        for ply in range(plies):
            if game.is_over:
                break
            seat = min(game.to_act)
            if ply % 7 == 0 or ply == stop:
                yield game, seat
            game.play(RandomBot(seed * 1000 + ply).choose(game.view(seat)), seat)


def _view_cards(value: object, out: set[str], depth: int = 0) -> None:
    """Every card notation a view holds in its public fields (what the seat can see)."""
    if depth > 12:
        return
    if isinstance(value, Card):
        out.add(str(value))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            _view_cards(item, out, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            _view_cards(key, out, depth + 1)
            _view_cards(item, out, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if not field.name.startswith("_"):
                _view_cards(getattr(value, field.name), out, depth + 1)


@pytest.mark.parametrize("name", GAMES)
def test_the_plugin_is_cached_and_builds_rules_and_games(name: str) -> None:
    p = plugin(name)
    assert isinstance(p, GamePlugin) and plugin(name) is p and plugin(p.info) is p
    rules = p.rules()
    assert isinstance(rules, p.Rules)
    game = p.new_game(rules, seed=1)
    assert isinstance(game, p.Game) and not game.is_over
    if name in OURS:
        assert type(p) is not GamePlugin and type(p).__module__ == f"naipes.{name}.plugin"


@pytest.mark.parametrize("name", GAMES)
def test_rules_refuse_an_unknown_option_and_a_player_count(name: str) -> None:
    p = plugin(name)
    with pytest.raises(RulesError, match="no option 'no_such_option'"):
        p.rules(settings={"no_such_option": 1})
    with pytest.raises(RulesError, match="players, not 99"):
        p.rules(players=99)


@pytest.mark.parametrize("name", GAMES)
def test_every_quick_game_plays_to_the_end_quickly(name: str) -> None:
    p = plugin(name)
    assert p.quick() == next(iter(p.quick_rules.values()), {})
    if name in OURS:
        assert p.quick_rules, "our games name at least one quick game"
    for quick_name, settings in (p.quick_rules or {"default": {}}).items():
        game = p.new_game(p.rules(settings=settings), seed=7)
        while not game.is_over and len(game.history) < QUICK_DECISIONS:
            seat = min(game.to_act)
            game.play(RandomBot(len(game.history)).choose(game.view(seat)), seat)
        assert game.is_over, f"{name} {quick_name}: not over after {QUICK_DECISIONS} decisions"


def test_an_unknown_quick_game_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as info:
        plugin("machuco").quick("forever")
    assert info.value.code == "no_such_quick_rules" and "hand" in str(info.value)


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_name_loads_and_plays(name: str) -> None:
    p = plugin(name)
    names = p.bots()
    assert "best" in names
    game = p.new_game(p.rules(settings=p.quick()), seed=2)
    view = game.view(min(game.to_act))
    for bot_name in names:
        check_bot_spec(bot_name, game=name, modules=False)  # a game's names need no module:Class
        bot = load_bot(bot_name, seed=1, game=name, modules=False)
        move = bot.choose(_learned_view(name) if bot_name == "learned" else view)
        assert move is not None
    assert set(game_bots(name)) <= set(bot_names(name))


def _learned_view(name: str) -> Any:
    """A view under the rules of the weights naipes ships for ``name`` (learned bots play those only)."""
    from naipes.learn import shipped

    p = plugin(name)
    meta = next(meta for _, meta in shipped() if meta.game == name)
    rules = p.Rules(**{k: tuple(v) if isinstance(v, list) else v for k, v in meta.rules.items()})
    game = p.new_game(rules, seed=2)
    return game.view(min(game.to_act))


def test_a_game_bot_name_means_nothing_without_the_game() -> None:
    assert "careless" in game_bots("macarra")
    with pytest.raises(UsageError) as info:
        load_bot("careless")
    assert info.value.code == "no_such_bot"
    with pytest.raises(UsageError) as info:
        load_bot("careless", game="machuco")
    assert info.value.code == "no_such_bot"
    assert type(load_bot("careless", game="macarra")).__name__ == "CarelessBot"


def test_registered_names_win_over_a_game_name() -> None:
    assert type(load_bot("random", game="macarra")) is RandomBot


def test_tournaments_take_the_games_bot_names() -> None:
    result = tournament.run("macarra", ["careless", "best"], games=2, rules={"players": 2}, seed=1)
    assert result.bots == ("careless", "best") and len(result.records) == 2


@pytest.mark.parametrize("name", GAMES)
def test_describe_move_gives_words_for_every_legal_move(name: str) -> None:
    p = plugin(name)
    seen = 0
    for game, seat in _positions(name):
        view = game.view(seat)
        for move in view.legal_moves:
            for lang in ("en", "es"):
                text = p.describe_move(move, view, lang)
                assert isinstance(text, str) and text.strip(), (name, move, lang)
                if name in OURS:
                    assert text != str(move), f"{name}: only the notation for {move} in {lang}"
            seen += 1
    assert seen > 0


@pytest.mark.parametrize("name", OURS)
def test_describe_move_differs_between_languages(name: str) -> None:
    p = plugin(name)
    for game, seat in _positions(name, seeds=1):
        view = game.view(seat)
        move = view.legal_moves[0]
        assert p.describe_move(move, view, "en") != p.describe_move(move, view, "es")


@pytest.mark.parametrize("name", GAMES)
def test_zones_show_only_cards_the_seat_sees(name: str) -> None:
    p = plugin(name)
    for game, seat in _positions(name):
        view = game.view(seat)
        visible: set[str] = set()
        _view_cards(view, visible)
        for zone in p.zones(view):
            assert isinstance(zone, Zone) and zone.kind in ZONE_KINDS and zone.hidden >= 0
            leaked = set(zone.cards) - visible
            assert not leaked, f"{name}: zone {zone.kind} {zone.name!r} shows {leaked} seat {seat} cannot see"
            if zone.kind == "hand" and zone.seat not in (None, seat):
                assert len(zone.cards) + zone.hidden >= 0


def test_the_default_zones_are_the_seats_hand() -> None:
    p = plugin("machuco")
    game = p.new_game(p.rules(settings=p.quick()), seed=3)
    view = game.view(min(game.to_act))
    hands = [z for z in GamePlugin.zones(p, view) if z.kind == "hand"]
    assert hands and hands[0].seat == view.seat and hands[0].cards == tuple(str(c) for c in view.hand)


@pytest.mark.parametrize("name", GAMES)
def test_completions_render_and_events(name: str) -> None:
    p = plugin(name)
    for game, seat in _positions(name, seeds=1):
        view = game.view(seat)
        done = p.completions(view)
        assert isinstance(done, list) and all(isinstance(c, str) for c in done)
        if p.info.complete_moves:
            assert done, f"{name}: nothing to complete with legal moves listed"
        for lang in ("en", "es"):
            assert p.render(view, you=True, lang=lang).strip()


@pytest.mark.parametrize("name", GAMES)
def test_every_event_of_a_quick_game_is_told_or_skipped(name: str) -> None:
    from naipes.events import Event

    p = plugin(name)
    game = p.new_game(p.rules(settings=p.quick()), seed=5)
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    play_game(game, [RandomBot(s) for s in range(game.num_players)])
    assert seen
    told = 0
    for event in seen:
        for lang in ("en", "es"):
            text = p.describe_event(event, lang)
            assert text is None or (isinstance(text, str) and text.strip())
            told += text is not None
    assert told > 0


@pytest.mark.parametrize("name", GAMES)
def test_evaluate_game_is_the_evaluation_of_the_seats_view(name: str) -> None:
    p = plugin(name)
    for game, _ in _positions(name):
        for seat in range(game.num_players):
            assert p.evaluate_game(game, seat) == p.evaluate(game.view(seat))


def test_the_generic_plugin_works_for_a_game_without_one() -> None:
    import naipes_toy

    info = attrs.evolve(naipes_toy.GAME_INFO, plugin=None)
    p: GamePlugin[Any, Any, Any] = GamePlugin(info)
    game = p.new_game(p.rules(players=3), seed=4)
    view = game.view(min(game.to_act))
    move = view.legal_moves[0]
    assert p.describe_move(move, view, "en") == str(move)  # the notation is the default
    assert p.bots()["best"] == (info.best_bot or "random")
    assert p.zones(view)[0].kind == "hand" and p.workspace(game, 0) is None
    assert p.root_candidates(view) == () and p.rollout_policy() is None and p.evaluate(view) is None
    assert p.evaluate_game(game, 0) is None
    assert p.max_game_length() == info.max_decisions
    result = play_game(game, [load_bot("best", seed=s, game=info) for s in range(3)])
    assert result is not None


def test_a_broken_plugin_is_a_clear_error() -> None:
    for target in ("naipes_toy:GAME_INFO", "no_such_module_xyz:Plugin", "naipes_toy:NoSuch"):
        info = GameInfo(name="broken-toy", min_players=2, max_players=4, deck="french-16",
                        module="naipes_toy", plugin=target)
        with pytest.raises(UsageError) as caught:
            plugin(info)
        assert caught.value.code == "bad_plugin"


def test_a_module_without_the_engine_is_refused() -> None:
    info = GameInfo(name="empty", min_players=2, max_players=2, deck="x", module="naipes.cards")
    with pytest.raises(NaipesError) as caught:
        plugin(info)
    assert caught.value.code == "bad_game_module"


def test_zone_checks_its_kind_and_serialises() -> None:
    for bad in ({"kind": "ocean"}, {"kind": "stock", "hidden": -2}, {"kind": "stock", "hidden": True}):
        with pytest.raises(UsageError) as caught:
            Zone(**bad)  # type: ignore[arg-type]
        assert caught.value.code == "bad_zone"
    zone = Zone(kind="pile", name="p1", cards=["7o"], hidden=3, seat=1, fanned=False)
    assert zone.count == 4 and zone.to_dict()["cards"] == ["7o"] and zone.cards == ("7o",)


def test_event_fields_text_is_the_words_of_a_game_without_any() -> None:
    from naipes.events import MovePlayed

    assert event_fields_text(MovePlayed(seat=2, move="draw")) == "MovePlayed(seat=2, move=draw)"
