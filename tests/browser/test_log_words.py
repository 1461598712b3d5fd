"""The "What happened" log in words, in a real headless Chromium: every game (the example
third-party game too) tells its events without card notation or placeholders, and a language
switch re-words the lines already on screen (the server sends each event's words in every
language: ``texts``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ._drive import create, mouse_turn, status

#: A card in notation (Spanish ``7o``, ``12b``; French ``10S``, ``QH``) as a word of its own.
NOTATION = re.compile(r"(?<![\w'])((1[0-2]|[1-9])[oceb]|(10|[2-9AJQK])[SHDC]|JK)(?![\w'])")

GAMES = [("machuco", 2), ("macarra", 2), ("ranzo", 3), ("machiavelli", 2), ("toy", 2)]


def _log(p: Any) -> list[str]:
    return list(p.page.eval_on_selector_all("#log li", "ls => ls.map((l) => l.textContent)"))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_log_is_in_words_and_a_language_switch_rewords_it(new_page: Any, game: str, players: int) -> None:
    p = new_page()
    create(p, game, {0: "me", **{s: "best" for s in range(1, players)}}, players=players)
    for _ in range(3):  # a few moves of this seat (bots answer): plays, captures, draws, claims
        p.page.wait_for_function("() => state.update.over || (canAct() && (!hasWorkspace() || state.ws))", timeout=30000)
        if status(p)["over"]:
            break
        moves = status(p)["moves"]
        mouse_turn(p)
        p.page.wait_for_function("m => state.update.moves > m || state.update.over", arg=moves, timeout=30000)
    english = _log(p)
    assert len(english) >= 3, english
    for line in english:
        text = line.split(".", 1)[1]
        assert " - " not in text + " " and not text.rstrip().endswith("-"), line
        assert "None" not in text and not re.search(r"\w+\(\w+=", text), line  # no raw event
        if game != "toy" or not re.search(r" takes ", text):  # the toy's own capture words (a seat by its name): notation
            assert not NOTATION.search(text), line
    p.page.select_option("#lang", "es")
    p.page.wait_for_function("() => document.documentElement.lang === 'es'")
    spanish = _log(p)[: len(english)]
    assert len(spanish) == len(english)
    changed = [(e, s) for e, s in zip(english, spanish) if e != s]
    assert len(changed) >= len(english) // 2, list(zip(english, spanish))
    texts = p.page.evaluate("state.log.filter((i) => i.texts && i.texts.es).map((i) => i.texts.es)")
    assert [line.split(". ", 1)[1] for line in spanish] == texts[: len(spanish)]
    p.page.select_option("#lang", "en")
    p.page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert _log(p)[: len(english)] == english
    assert not p.errors, p.errors
