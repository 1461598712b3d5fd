"""Each event of an update in words in every language (``texts``), the client's own in ``text``,
and no card in notation where the game names cards (issue 42: the log in words, re-worded by a
language switch)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from naipes.web import Listener

from .conftest import SENT
from .test_table_words import GAMES, _play, _table

NOTATION = re.compile(r"(?<![\w'])((1[0-2]|[1-9])[oceb]|(10|[2-9AJQK])[SHDC]|JK)(?![\w'!])")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_event_comes_in_both_languages(game: str, lang: str) -> None:
    table = _table(game)
    _play(table, 30)
    for seat in (0, None):
        update: dict[str, Any] = json.loads(json.dumps(table.update_for(Listener(seat=seat, lang=lang))))
        SENT.append(update)
        assert update["events"]
        for event in update["events"]:
            assert set(event["texts"]) == {"en", "es"}
            assert event["text"] == event["texts"][lang]
            for words in event["texts"].values():
                if words is not None:
                    assert not NOTATION.search(words), words
                    assert not words.rstrip().endswith(" -"), words
        told = [e["texts"] for e in update["events"] if e["texts"]["en"]]
        assert told and all(t["es"] and t["es"] != t["en"] for t in told if not t["en"].startswith("uno, dos"))
