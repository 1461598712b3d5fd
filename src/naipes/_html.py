"""How games, moves, results and tournaments show in notebooks (internal): the HTML
behind their ``_repr_html_``.

Every function here returns HTML and never raises: when anything goes wrong (a game
of no registered plugin, a picture that cannot be drawn), the object's plain ``repr``
is shown instead, escaped, in a ``<pre>``. Every text that comes from a user (bot names,
notation) is escaped.

>>> from naipes.game import Result
>>> print(result_html(Result(winners=(1,), ranking=((1,), (0,)), scores=(3, 9), returns=(0.0, 1.0))))
<div class="naipes-result"><p><strong>Seat 1 wins.</strong></p><table><thead><tr><th>seat</th><th>score</th><th>return</th><th></th></tr></thead><tbody><tr><td>0</td><td>3</td><td>0</td><td></td></tr><tr><td>1</td><td>9</td><td>1</td><td>winner</td></tr></tbody></table></div>
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Callable, Sequence

from naipes._i18n import winners_text

__all__ = ["game_html", "move_html", "result_html", "safe", "table_html", "tournament_html"]


def safe(make: Callable[[], str], fallback: object) -> str:
    """``make()``, or ``fallback``'s ``repr`` escaped in a ``<pre>`` if it raises anything."""
    try:
        return make()
    except Exception:  # noqa: BLE001 - a notebook's display must never fail
        try:
            text = repr(fallback)
        except Exception:  # noqa: BLE001
            text = f"<{type(fallback).__name__}>"
        return f"<pre>{escape(text)}</pre>"


def table_html(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An HTML table, every cell escaped."""
    top = "".join(f"<th>{escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"


def _number(value: float) -> str:
    return f"{value:g}" if math.isfinite(value) else "-"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def result_html(result: Any) -> str:
    """Who won in words, then a table of each seat's score and return (one table per side
    and one per seat when the scores are per side)."""
    winners = tuple(result.winners)
    parts = [f"<p><strong>{escape(_sentence(winners_text(winners)))}</strong></p>"]
    scores, returns = tuple(result.scores), tuple(result.returns)
    if len(scores) == len(returns):
        rows = [[s, scores[s], _number(returns[s]), "winner" if s in winners else ""] for s in range(len(returns))]
        parts.append(table_html(["seat", "score", "return", ""], rows))
    else:
        parts.append(table_html(["side", "score"], [[i, v] for i, v in enumerate(scores)]))
        rows = [[s, _number(returns[s]), "winner" if s in winners else ""] for s in range(len(returns))]
        parts.append(table_html(["seat", "return", ""], rows))
    return '<div class="naipes-result">' + "".join(parts) + "</div>"


def move_html(move: Any) -> str:
    """The move's notation and its words (the words of its game's plugin, when it has one)."""
    notation = str(move)
    words = ""
    try:
        from naipes.plugin import plugin_of

        words = plugin_of(move).describe_move(move, None, "en")
    except Exception:  # noqa: BLE001 - a move of no registered game: its notation alone
        words = ""
    tail = f" &#8212; {escape(words)}" if words and words.strip() != notation else ""
    return f'<span class="naipes-move"><code>{escape(notation)}</code>{tail}</span>'


def _game_words(game: Any, seat: int) -> str:
    from naipes.plugin import plugin_of

    p = plugin_of(game)
    moves = len(game.history)
    if game.is_over:
        result = game.result
        told = winners_text(tuple(result.winners)) if result is not None else "nobody wins"
        return f"{p.info.name}: game over after {moves} moves: {told}."
    decision = p.describe_decision(game.view(seat), "en")
    if not decision:
        acting = " and ".join(str(s) for s in game.to_act)
        decision = f"seat {acting} to act" if len(game.to_act) == 1 else f"seats {acting} to act"
    return f"{p.info.name}, move {moves + 1}: {decision}."


def game_html(game: Any) -> str:
    """A line of words (whose turn, or who won) and the table's picture as the seat to act sees
    it (seat 0 once the game is over)."""
    seat = min(game.to_act) if game.to_act else 0
    words = _game_words(game, seat)
    picture = ""
    try:
        from naipes.svg import render

        picture = render(game.view(seat))
    except Exception:  # noqa: BLE001 - no picture: the words alone
        picture = ""
    caption = f"<p>{escape(words)} <small>(the table as seat {seat} sees it)</small></p>" if picture \
        else f"<p>{escape(words)}</p>"
    return f'<div class="naipes-game">{caption}{picture}</div>'


def tournament_html(result: Any) -> str:
    """A heading, the ratings and scores of every entrant as a table (strongest first) and the
    chart of the ratings."""
    mode = "duplicate deals" if result.duplicate else "independent deals"
    head = (f"{result.game}: {result.games} games, {result.players} players, {mode}, seed {result.seed}")
    rows = []
    order = sorted(result.ratings, key=lambda r: (not math.isfinite(r.rating),
                                                  -r.rating if math.isfinite(r.rating) else 0.0, r.entrant))
    for r in order:
        e = result.entrants[r.entrant]
        rating = f"{r.rating:+.0f}" if math.isfinite(r.rating) else "unrated"
        interval = f"[{_number(round(r.interval[0]))}, {_number(round(r.interval[1]))}]" \
            if all(math.isfinite(v) for v in r.interval) else "-"
        rows.append([r.bot, rating, interval, e.games, f"{e.wins:g}", f"{100 * e.score:.1f} %",
                     _number(round(e.mean_return, 2))])
    table = table_html(["bot", "rating", "95 % interval", "games", "wins", "score", "mean return"], rows)
    try:
        picture = result.svg()
    except Exception:  # noqa: BLE001 - no chart: the table alone
        picture = ""
    return f'<div class="naipes-tournament"><p><strong>{escape(head)}</strong></p>{table}{picture}</div>'
