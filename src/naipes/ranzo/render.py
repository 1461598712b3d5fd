"""Plain-text drawing of a Ranzo view for a terminal (internal; see :meth:`View.render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from naipes.cards import Card

if TYPE_CHECKING:
    from naipes.ranzo.view import View


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards) or "-"


def _juegos(juegos: Sequence[Sequence[Card]]) -> str:
    return "  ".join(f"[{_cards(j)}]" for j in juegos) or "-"


def _headline(v: View) -> str:
    head = f"Ranzo: round {v.round}/{v.rounds}, dealer P{v.dealer}, stock {v.stock_size}"
    if v.phase == "turn":
        return f"{head}; P{v.turn} to discard or call ranzo"
    if v.phase == "window":
        return f"{head}; P{v.turn} discarded {v.claim_card}: claim window (pass / envido a b / truco x)"
    if v.phase == "steal":
        return f"{head}; P{v.stealer} won the claim {v.claim} and plays"
    return f"{head}; the game is over"


def render_view(v: View) -> str:
    """The table seen by ``v.seat``, one line per item."""
    lines = [_headline(v)]
    balances = "  ".join(f"P{s} {b}" for s, b in enumerate(v.scores))
    if v.team_totals is not None:
        balances += f"   teams: P0+P2 {v.team_totals[0]}, P1+P3 {v.team_totals[1]}"
    lines.append(f"balances: {balances}")
    for s in range(v.players):
        mark = "*" if s in v.to_act else " "
        if s == v.seat:
            who = f"{mark}P{s} (you): {_cards(v.hand)}"
        else:
            shown = f", known {_cards(v.known_by_seat[s])}" if v.known_by_seat[s] else ""
            who = f"{mark}P{s}: {v.hand_sizes[s]} concealed{shown}"
        lines.append(f"{who}   open: {_juegos(v.open_juegos[s])}")
    lines.append(f"discards: {_cards(v.discards[-12:])}" + (" ..." if len(v.discards) > 12 else ""))
    if v.last_window:
        lines.append("last claims: " + ", ".join(f"P{s} {m}" for s, m in v.last_window))
    if v.my_answer is not None:
        lines.append(f"your answer: {v.my_answer} (hidden until everyone answers)")
    if v.round_log:
        last = v.round_log[-1]
        ended = f"P{last[0]} called ranzo for {last[1]}" if last[0] is not None else "no winner"
        lines.append(f"last round: {ended}" + (f" ({', '.join(last[2])})" if last[2] else ""))
    if v.legal_moves:
        lines.append("your moves: " + ", ".join(map(str, v.legal_moves)))
    return "\n".join(lines)
