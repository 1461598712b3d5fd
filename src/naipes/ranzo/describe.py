"""Ranzo for terminals: :func:`describe_event` (one line per event) and :func:`render` (a view).

>>> from naipes.ranzo import Game
>>> game = Game(seed=7)
>>> [describe_event(e.visible_to(1)) for e in game.opening_events][:2]   # as seat 1 sees them
['hand 1 dealt by seat 3, seat 0 plays first (28 cards in the stock)', 'seat 0 was dealt 5 cards']
>>> describe_event(game.opening_events[0], lang="es")
'mano 1: reparte el asiento 3, sale el asiento 0 (28 cartas en el mazo)'

.. versionadded:: 1.0
   Replaces 0.1's private ``render`` module; :func:`describe_event` is new.
.. versionchanged:: 1.1
   Seats are called "seat N" as in every game (1.0: "PN"); ``describe_event(event,
   lang="es")`` tells events in Spanish; ``render(view, you=False)`` for a seat no
   person plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from naipes._card_words import card_words, cards_words
from naipes._i18n import seats_text, winners_text
from naipes.cards import Card
from naipes.events import Event, MovePlayed
from naipes.ranzo import events as ev
from naipes.ranzo import moves as mv
from naipes.ranzo._phase import STEAL, TURN, WINDOW

if TYPE_CHECKING:
    from naipes.ranzo.view import View

__all__ = ["describe_decision", "describe_event", "describe_move", "render", "result_unit"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards) or "-"


def _juegos(juegos: Sequence[Sequence[Card]]) -> str:
    return "  ".join(f"[{_cards(j)}]" for j in juegos) or "-"


def _notation(cards: Sequence[Card]) -> str:
    """Cards as moves write them (``7c 10S``): what a log shows next to the moves."""
    return " ".join(map(str, cards)) or "-"


def _notation_juegos(juegos: Sequence[Sequence[Card]]) -> str:
    return "  ".join(f"[{_notation(j)}]" for j in juegos) or "-"


def _c(card: object, lang: str = "en") -> str:
    """One card in words for the log ("the seven of coins"); notation for what is not a card."""
    return card_words(card, lang) if isinstance(card, Card) else str(card)


def _ws(cards: Sequence[object], lang: str = "en") -> str:
    """Cards in words for the log ("the six of clubs and the king of coins")."""
    return cards_words([c for c in cards if isinstance(c, Card)], lang)


def _wj(juegos: Sequence[Sequence[object]], lang: str = "en") -> str:
    """Several juegos in words, one after the other."""
    return "; ".join(_ws(j, lang) for j in juegos) or "-"


def _mv(move: object, lang: str = "en") -> str:
    """A claim in words for the log: ``truco (showing the knave of clubs)``, ``pass``."""
    es = lang == "es"
    if isinstance(move, mv.Truco):
        return f"truco ({'enseñando' if es else 'showing'} {_c(move.card, lang)})"
    if isinstance(move, mv.Envido):
        return f"envido ({'con' if es else 'with'} {_ws((move.a, move.b), lang)})"
    if isinstance(move, mv.Pass):
        return "paso" if es else "pass"
    return str(move)


def _dealt(e: ev.CardsDealt) -> str:
    if e.cards:
        return f"seat {e.seat} was dealt {_ws(e.cards)}"
    return f"seat {e.seat} was dealt {e.count} cards"


def _resolved(e: ev.ClaimResolved) -> str:
    if e.winner is None:
        return f"nobody claims {_c(e.card)}"
    return f"seat {e.winner} takes {_c(e.card)} with {_mv(e.claim)}"


def _hand_ended(e: ev.HandEnded) -> str:
    if e.winner is None:
        return f"hand {e.hand} ends with no winner"
    return f"hand {e.hand} won by seat {e.winner} for {e.value}" + (f" ({', '.join(e.specials)})" if e.specials else "")


def _totals(totals: Sequence[int]) -> str:
    return ", ".join(f"seat {s} {b}" for s, b in enumerate(totals))


_TELL: dict[type[Event], Callable[[Any], str]] = {
    ev.HandStarted: lambda e: (f"hand {e.hand} dealt by seat {e.dealer}, seat {e.first} plays first "
                               f"({e.stock_size} cards in the stock)"),
    ev.CardsDealt: _dealt,
    ev.CardDrawn: lambda e: (f"seat {e.seat} draws" + (f" {_c(e.card)}" if e.card is not None else "")
                             + f" ({e.stock_size} left)"),
    ev.CardDiscarded: lambda e: f"seat {e.seat} discards {_c(e.card)}" + (": claims?" if e.claimable else ""),
    ev.ClaimsRevealed: lambda e: "claims: " + ", ".join(f"seat {s} {_mv(m)}" for s, m in e.answers),
    ev.ClaimResolved: _resolved,
    ev.JuegoLaid: lambda e: f"seat {e.seat} lays {_ws(e.juego)}",
    ev.RanzoCalled: lambda e: f"seat {e.seat} calls ranzo: {_wj(e.split )} worth {e.value}",
    ev.PointsPaid: lambda e: f"balances: {_totals(e.totals)}",
    ev.HandEnded: _hand_ended,
    ev.GameEnded: lambda e: "game over: " + winners_text(e.result.winners),
}

_TELL_ES: dict[type[Event], Callable[[Any], str]] = {
    ev.HandStarted: lambda e: (f"mano {e.hand}: reparte el asiento {e.dealer}, sale el asiento {e.first} "
                               f"({e.stock_size} cartas en el mazo)"),
    ev.CardsDealt: lambda e: (f"el asiento {e.seat} recibe {_ws(e.cards, 'es')}" if e.cards
                              else f"el asiento {e.seat} recibe {e.count} cartas"),
    ev.CardDrawn: lambda e: (f"el asiento {e.seat} roba" + (f" {_c(e.card, 'es')}" if e.card is not None else "")
                             + f" (quedan {e.stock_size})"),
    ev.CardDiscarded: lambda e: (f"el asiento {e.seat} descarta {_c(e.card, 'es')}"
                                 + (": ¿alguien la pide?" if e.claimable else "")),
    ev.ClaimsRevealed: lambda e: "peticiones: " + ", ".join(f"asiento {s} {_mv(m, 'es')}" for s, m in e.answers),
    ev.ClaimResolved: lambda e: (f"nadie pide {_c(e.card, 'es')}" if e.winner is None
                                 else f"el asiento {e.winner} se lleva {_c(e.card, 'es')} con {_mv(e.claim, 'es')}"),
    ev.JuegoLaid: lambda e: f"el asiento {e.seat} baja {_ws(e.juego, 'es')}",
    ev.RanzoCalled: lambda e: f"el asiento {e.seat} canta ranzo: {_wj(e.split , 'es')}, vale {e.value}",
    ev.PointsPaid: lambda e: "saldos: " + ", ".join(f"asiento {s} {b}" for s, b in enumerate(e.totals)),
    ev.HandEnded: lambda e: (f"la mano {e.hand} termina sin ganador" if e.winner is None else
                             f"la mano {e.hand} la gana el asiento {e.winner} por {e.value}"
                             + (f" ({', '.join(e.specials)})" if e.specials else "")),
    ev.GameEnded: lambda e: "fin de la partida: " + winners_text(e.result.winners, "es"),
}


def describe_event(event: Event, lang: str = "en") -> str | None:
    """One line telling ``event`` (``None`` for the shared ``MovePlayed``, whose move a
    front end shows itself; the class name for events of other games).

    Args:
        event: the event.
        lang: ``en`` or ``es`` (Spanish, with the game's own terms).

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       ``lang``; ``None`` for ``MovePlayed``.
    """
    if isinstance(event, MovePlayed):
        return None
    tell = (_TELL_ES if lang == "es" else _TELL).get(type(event))
    return tell(event) if tell is not None else type(event).__name__


#: The words of :func:`render`, by language.
_RENDER = {
    "en": {"head": "Ranzo: hand {hand}/{hands}, dealer seat {dealer}, stock {stock}",
           "turn": "{head}; seat {seat} to discard or call ranzo",
           "window": "{head}; seat {seat} discarded {card}: claim window (pass / envido a b / truco x)",
           "steal": "{head}; seat {seat} won the claim {claim} and plays", "over": "{head}; the game is over",
           "balances": "balances", "teams": "   teams: seats 0+2 {a}, seats 1+3 {b}", "seat": "seat",
           "you": " (you)", "concealed": "{n} concealed", "known": ", known {cards}", "open": "open",
           "discards": "discards", "last_claims": "last claims", "answer": "your answer: {m} (hidden until everyone answers)",
           "its_answer": "its answer: {m} (hidden until everyone answers)",
           "last_hand": "last hand", "called": "seat {seat} called ranzo for {value}", "no_winner": "no winner",
           "your_moves": "Your moves: ", "moves": "Moves: "},
    "es": {"head": "Ranzo: mano {hand}/{hands}, reparte el asiento {dealer}, mazo {stock}",
           "turn": "{head}; el asiento {seat} descarta o canta ranzo",
           "window": "{head}; el asiento {seat} descartó {card}: se puede pedir (pass / envido a b / truco x)",
           "steal": "{head}; el asiento {seat} se llevó la petición {claim} y juega",
           "over": "{head}; la partida ha terminado",
           "balances": "saldos", "teams": "   equipos: asientos 0+2 {a}, asientos 1+3 {b}", "seat": "asiento",
           "you": " (tú)", "concealed": "{n} tapadas", "known": ", conocidas {cards}", "open": "bajadas",
           "discards": "descartes", "last_claims": "últimas peticiones",
           "answer": "tu respuesta: {m} (oculta hasta que respondan todos)",
           "its_answer": "su respuesta: {m} (oculta hasta que respondan todos)",
           "last_hand": "última mano", "called": "el asiento {seat} cantó ranzo por {value}",
           "no_winner": "sin ganador", "your_moves": "Tus jugadas: ", "moves": "Jugadas: "},
}


def _headline(v: View, w: dict[str, str]) -> str:
    head = w["head"].format(hand=v.hand_number, hands=v.num_hands, dealer=v.dealer, stock=v.stock_size)
    if v.phase is TURN:
        return w["turn"].format(head=head, seat=v.turn)
    if v.phase is WINDOW:
        return w["window"].format(head=head, seat=v.turn, card=v.claim_card)
    if v.phase is STEAL:
        return w["steal"].format(head=head, seat=v.stealer, claim=v.claim)
    return w["over"].format(head=head)


def render(v: View, *, you: bool = True, lang: str = "en") -> str:
    """The table seen by ``v.seat``, one line per item (what :meth:`View.render` returns).

    Args:
        v: the view to draw.
        you: whether a person plays the seat (``False``: no "(you)", "Moves:" for "Your moves:").
        lang: ``en`` or ``es``.

    .. versionchanged:: 1.1
       ``you`` and ``lang``; seats are "seat N"; moves are listed "a | b".
    """
    w = _RENDER.get(lang, _RENDER["en"])
    lines = [_headline(v, w)]
    balances = "  ".join(f"{w['seat']} {s} {b}" for s, b in enumerate(v.scores))
    if v.team_totals is not None:
        balances += w["teams"].format(a=v.team_totals[0], b=v.team_totals[1])
    lines.append(f"{w['balances']}: {balances}")
    for s in range(v.players):
        lines.append(_seat_line(v, s, you, w))
    lines.append(f"{w['discards']}: {_cards(v.discards[-12:])}" + (" ..." if len(v.discards) > 12 else ""))
    if v.last_window:
        lines.append(f"{w['last_claims']}: " + ", ".join(f"{w['seat']} {s} {m}" for s, m in v.last_window))
    if v.my_answer is not None:
        lines.append(w["answer" if you else "its_answer"].format(m=v.my_answer))
    if v.hand_log:
        last = v.hand_log[-1]
        ended = w["called"].format(seat=last[0], value=last[1]) if last[0] is not None else w["no_winner"]
        lines.append(f"{w['last_hand']}: {ended}" + (f" ({', '.join(last[2])})" if last[2] else ""))
    if v.legal_moves:
        lines.append(w["your_moves" if you else "moves"] + " | ".join(map(str, v.legal_moves)))
    return "\n".join(lines)


def _seat_line(v: View, s: int, you: bool, w: dict[str, str]) -> str:
    mark = "*" if s in v.to_act else " "
    if s == v.seat:
        who = f"{mark}{w['seat']} {s}{w['you'] if you else ''}: {_cards(v.hand)}"
    else:
        shown = w["known"].format(cards=_cards(v.known_by_seat[s])) if v.known_by_seat[s] else ""
        who = f"{mark}{w['seat']} {s}: {w['concealed'].format(n=v.hand_sizes[s])}{shown}"
    return f"{who}   {w['open']}: {_juegos(v.open_juegos[s])}"


def describe_move(move: mv.Move, view: View | None = None, lang: str = "en") -> str:
    """A move in the words a person reads (``discard the seven of cups``; ``es``: ``descarta el siete de copas``).

    >>> describe_move(mv.Move.parse("discard 7c")), describe_move(mv.Move.parse("truco 11c"), lang="es")
    ('discard the seven of cups', 'reclama el descarte con truco, enseñando el caballo de copas')

    .. versionadded:: 1.2
    """
    es = lang == "es"
    if isinstance(move, mv.Discard):
        return ("descarta " if es else "discard ") + card_words(move.card, lang)
    if isinstance(move, mv.Envido):
        pair = f"{card_words(move.a, lang)} {'y' if es else 'and'} {card_words(move.b, lang)}"
        return (f"reclama el descarte con envido, con {pair}" if es
                else f"claim the discard with envido, with {pair}")
    if isinstance(move, mv.Truco):
        card = card_words(move.card, lang)
        return (f"reclama el descarte con truco, enseñando {card}" if es
                else f"claim the discard with truco, showing {card}")
    words = {mv.CallRanzo: ("call Ranzo and close the round", "canta Ranzo y cierra la ronda"),
             mv.Pass: ("make no claim on the discard (pass)", "no reclames el descarte (paso)")}.get(type(move))
    return words[1 if es else 0] if words else str(move)


def describe_decision(view: View, lang: str = "en", names: Sequence[str] | None = None) -> str | None:
    """The open decision in public words (``Seats 1 and 2 may claim 7c: envido, truco or pass``),
    naming the players by ``names`` where they have one (``""``: "Seat N").

    It names the options the rules give, never which ones the seat can take.

    >>> from naipes.ranzo import Game
    >>> describe_decision(Game(seed=7).view(0)), describe_decision(Game(seed=7).view(0), "es", ["Ana"])
    ('Seat 0 to discard or call Ranzo', 'Ana descarta o canta Ranzo')

    .. versionadded:: 1.2
    """
    es = lang == "es"
    if view.phase is TURN:
        who = seats_text([view.turn], lang, names, start=True)
        return f"{who} descarta o canta Ranzo" if es else f"{who} to discard or call Ranzo"
    if view.phase is WINDOW:
        who = seats_text(view.to_act, lang, names, start=True)
        if es:
            return f"{who} {'puede' if len(view.to_act) == 1 else 'pueden'} pedir " \
                   f"{view.claim_card}: envido, truco o paso"
        return f"{who} may claim {view.claim_card}: envido, truco or pass"
    if view.phase is STEAL and view.stealer is not None:
        who = seats_text([view.stealer], lang, names, start=True)
        return (f"{who} se lleva {view.claim_card} con {view.claim} y juega" if es
                else f"{who} took {view.claim_card} with {view.claim} and plays")
    return None


def result_unit(rules: object, lang: str = "en") -> str | None:
    """What a game of ``rules`` plays: ``"the round"`` (``"la ronda"``) for a game of one round,
    else ``None`` (the whole game).

    >>> from naipes.ranzo import Rules
    >>> result_unit(Rules(rounds=1), "es"), result_unit(Rules())
    ('la ronda', None)

    .. versionadded:: 1.2
    """
    if getattr(rules, "num_rounds", None) != 1:
        return None
    return "la ronda" if lang == "es" else "the round"
