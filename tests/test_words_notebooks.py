"""Games, moves, results and tournaments in notebooks (issue 39): ``_repr_html_`` shows a
picture and words, a table of scores, the ratings with their chart; user text is escaped and
a repr never raises."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest

from naipes.bots import RandomBot, play_game
from naipes.game import Move, Result
from naipes.plugin import plugin

GAMES = ("machuco", "macarra", "ranzo", "machiavelli", "toy")


from _toy_registered import with_toy  # noqa: E402,F401  (autouse: the toy is registered)


def _parses(html: str) -> ET.Element:
    """The HTML is well-formed markup (one element, closed tags, escaped text)."""
    return ET.fromstring(html)


def _game(name: str, seed: int = 1) -> Any:
    p = plugin(name)
    return p.new_game(p.rules(settings=p.quick()), seed=seed)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_shows_its_picture_and_a_line_of_words(name: str) -> None:
    game = _game(name)
    html = game._repr_html_()
    root = _parses(html)
    assert root.tag == "div" and "naipes-game" in root.get("class", "")
    assert "<svg" in html and f"{name}, move 1:" in html
    seat = min(game.to_act)
    assert f"as seat {seat} sees it" in html
    play_game(game, [RandomBot(s) for s in range(game.num_players)])
    over = game._repr_html_()
    _parses(over)
    assert "game over after" in over and ("wins." in over or "win." in over)


@pytest.mark.parametrize("name", GAMES)
def test_a_move_shows_its_notation_and_its_words(name: str) -> None:
    game = _game(name)
    move = game.legal_moves()[0]
    html = move._repr_html_()
    root = _parses(html)
    assert root.find("code") is not None and root.find("code").text == str(move)  # type: ignore[union-attr]
    words = plugin(name).describe_move(move, None, "en")
    if words != str(move):
        assert words.split()[0] in html


def test_a_toy_move_in_words() -> None:
    import naipes_toy

    html = naipes_toy.PlayCard(naipes_toy.Card.parse("AH"))._repr_html_()
    assert html == '<span class="naipes-move"><code>AH</code> &#8212; play the ace of hearts</span>'


@pytest.mark.parametrize("name", GAMES)
def test_a_result_shows_its_winners_and_scores_as_a_table(name: str) -> None:
    game = _game(name)
    play_game(game, [RandomBot(s) for s in range(game.num_players)])
    result = game.result
    html = result._repr_html_()
    root = _parses(html)
    tables = root.findall("table")
    assert tables and root.find("p/strong") is not None
    cells = [td.text or "" for td in root.iter("td")]
    assert cells.count("winner") == len(result.winners)
    for score in result.scores:
        assert str(score) in cells
    words = root.find("p/strong").text  # type: ignore[union-attr]
    assert words in ("Nobody wins.", *(f"Seat {s} wins." for s in range(6))) or words.endswith(" win.")


def test_a_result_of_several_and_of_no_winners() -> None:
    base = Result(winners=(0, 2), ranking=((0, 2), (1,)), scores=(5, 1, 5), returns=(1.0, 0.0, 1.0))
    assert "<strong>Seats 0 and 2 win.</strong>" in base._repr_html_()
    nobody = attrs.evolve(base, winners=())
    assert "<strong>Nobody wins.</strong>" in nobody._repr_html_()


def test_a_repr_never_raises() -> None:
    broken = Result(winners=(0,), ranking=((0,),), scores=(1,), returns=("x",))  # type: ignore[arg-type]
    html = broken._repr_html_()
    assert html.startswith("<pre>") and "Result(" in html

    class Loose(Move):
        __slots__ = ()

        def __str__(self) -> str:
            return "<odd & move>"

    html = Loose()._repr_html_()
    assert "&lt;odd &amp; move&gt;" in html and "<odd" not in html
    _parses(html)


def test_a_tournament_shows_its_ratings_as_a_table_and_its_chart() -> None:
    from naipes import tournament

    result = tournament.run("toy", ["random", "best"], games=8, seed=2)
    html = result._repr_html_()
    root = _parses(html)
    heads = [th.text for th in root.iter("th")]
    assert heads[:3] == ["bot", "rating", "95 % interval"]
    rows = [[td.text for td in tr.findall("td")] for tr in root.iter("tr") if tr.findall("td")]
    assert sorted(r[0] for r in rows) == ["best", "random"]
    assert root.find("{http://www.w3.org/2000/svg}svg") is not None or "<svg" in html
    named = attrs.evolve(result, bots=("<b>&bot", "best"),
                         ratings=tuple(attrs.evolve(r, bot="<b>&bot") if r.bot == "random" else r
                                       for r in result.ratings))
    html = named._repr_html_()
    assert "&lt;b&gt;&amp;bot" in html and "<b>&bot" not in html
    _parses(html)
