"""Machuco told in words for terminals: :func:`describe_event` and :func:`render` (``naipes play``, ``demo``).

>>> from naipes.machuco.events import MajoMade
>>> describe_event(MajoMade(seat=1, side=1, level=2, rank=7))
'seat 1: contramajo on the 7s'
>>> describe_event(MajoMade(seat=1, side=1, level=2, rank=7), lang="es")
'asiento 1: contramajo a los 7'

.. versionadded:: 0.1
.. versionchanged:: 1.0
   :func:`render` (0.1's ``View.render`` body; ``View.render`` delegates here).
.. versionchanged:: 1.1
   ``describe_event(event, lang="es")`` tells events in Spanish; ``render(view, you=False)``
   draws a seat no person plays (a bot's, in ``naipes demo``) without calling it "you".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from naipes._card_words import card_words, cards_words
from naipes._i18n import seats_text, winners_text
from naipes.cards import Card
from naipes.events import Event, MovePlayed
from naipes.machuco import events as ev
from naipes.machuco import moves as mv

if TYPE_CHECKING:
    from naipes.machuco.view import View

__all__ = ["boundary", "describe_decision", "describe_event", "describe_move", "render", "result_unit"]

_SIDES = "ABCD"
_REASON_ES = {"coincidence": "coincidencia", "bien dada": "bien dada", "cante": "cante",
              "envio refused": "envío no querido", "envio": "envío", "majo": "majo",
              "contramajo": "contramajo", "recontramajo": "recontramajo", "limpia": "limpia",
              "card count": "cuenta de cartas"}


def _c(card: object, lang: str = "en") -> str:
    """One card in words for the log ("the seven of coins"); notation for what is not a card."""
    return card_words(card, lang) if isinstance(card, Card) else str(card)


def _ws(cards: Sequence[object], lang: str = "en") -> str:
    """Cards in words for the log ("the six of clubs and the king of coins")."""
    return cards_words([c for c in cards if isinstance(c, Card)], lang)


_TELL: dict[type, Callable[..., str | None]] = {
    ev.DealerDrawn: lambda e: f"draw for dealer: seat {e.dealer} deals",
    ev.HandStarted: lambda e: f"hand {e.hand}: seat {e.dealer} deals, seat {e.first} is mano",
    ev.TableTurnedUp: lambda e: f"uno, dos, tres y cuatro: {_ws(e.cards)}",
    ev.CoincidenceFound: lambda e: f"coincidence: {_c(e.card)} at position {e.position}",
    ev.TurnupBienDada: lambda e: "bien dada: four different numbers",
    ev.CardReplaced: lambda e: f"{_c(e.removed)} repeats a number: to the bottom, {_c(e.added)} in its place",
    ev.CardsDealt: lambda e: (f"seat {e.seat} is dealt {_ws(e.cards)}" if e.cards
                              else f"seat {e.seat} is dealt {e.count} cards"),
    ev.CanteSung: lambda e: f"seat {e.seat} sings {e.category.label} ({e.value})",
    ev.CanteContested: lambda e: (f"contested {e.category.label}: seat {e.decider} decides"
                                  if e.decider is not None else f"contested {e.category.label}: a la mayor"),
    ev.MayorChosen: lambda e: f"seat {e.seat}: a la mayor",
    ev.EnvioSent: lambda e: f"seat {e.seat}: envío {e.amount}",
    ev.EnvioAnswered: lambda e: f"seat {e.seat}: {'quiero' if e.accepted else 'no quiero'}",
    ev.CanteResolved: lambda e: f"{e.category.label} of deal {e.deal} goes to side {_SIDES[e.winner]}",
    ev.CardThrown: lambda e: f"seat {e.seat} throws {_c(e.card)}",
    ev.Captured: lambda e: f"seat {e.seat} takes {_ws(e.taken)} with {_c(e.card)}",
    ev.MajoMade: lambda e: f"seat {e.seat}: {e.label} on the {e.rank}s",
    ev.TableCleared: lambda e: f"seat {e.seat}: limpia!",
    ev.PointsAwarded: lambda e: (f"side {_SIDES[e.side]} +{e.points} ({e.reason.value}); scores "
                                 + " ".join(map(str, e.totals))),
    ev.ScoresReset: lambda e: "a new chico: scores " + " ".join(map(str, e.totals)),
    ev.DealEnded: lambda e: None,
    ev.LeftoversTaken: lambda e: (f"leftovers {_ws(e.cards)} to side {_SIDES[e.side]}" if e.side is not None
                                  else f"leftovers {_ws(e.cards)} set aside"),
    ev.CardsCounted: lambda e: "cards won: " + " ".join(map(str, e.cards_won)) + f" (threshold {e.threshold})",
    ev.HandEnded: lambda e: f"hand {e.hand} ends" + (" (abandoned)" if e.abandoned else ""),
    ev.ChicoEnded: lambda e: f"side {_SIDES[e.winner]} wins the chico",
    ev.PartidoEnded: lambda e: f"side {_SIDES[e.winner]} wins the partido",
    ev.MatchEnded: lambda e: f"side {_SIDES[e.winner]} wins the match",
    ev.GameEnded: lambda e: "game over: " + winners_text(e.result.winners),
}


_TELL_ES: dict[type, Callable[..., str | None]] = {
    ev.DealerDrawn: lambda e: f"sorteo de la mano: reparte el asiento {e.dealer}",
    ev.HandStarted: lambda e: f"mano {e.hand}: reparte el asiento {e.dealer}, el asiento {e.first} es mano",
    ev.TableTurnedUp: lambda e: f"uno, dos, tres y cuatro: {_ws(e.cards, 'es')}",
    ev.CoincidenceFound: lambda e: f"coincidencia: {_c(e.card, 'es')} en el puesto {e.position}",
    ev.TurnupBienDada: lambda e: "bien dada: cuatro números distintos",
    ev.CardReplaced: lambda e: f"{_c(e.removed, 'es')} repite número: al fondo, {_c(e.added, 'es')} en su lugar",
    ev.CardsDealt: lambda e: (f"el asiento {e.seat} recibe {_ws(e.cards, 'es')}" if e.cards
                              else f"el asiento {e.seat} recibe {e.count} cartas"),
    ev.CanteSung: lambda e: f"el asiento {e.seat} canta {e.category.label} ({e.value})",
    ev.CanteContested: lambda e: (f"{e.category.label} disputado: decide el asiento {e.decider}"
                                  if e.decider is not None else f"{e.category.label} disputado: a la mayor"),
    ev.MayorChosen: lambda e: f"asiento {e.seat}: a la mayor",
    ev.EnvioSent: lambda e: f"asiento {e.seat}: envío {e.amount}",
    ev.EnvioAnswered: lambda e: f"asiento {e.seat}: {'quiero' if e.accepted else 'no quiero'}",
    ev.CanteResolved: lambda e: f"el {e.category.label} de la dada {e.deal} es para el bando {_SIDES[e.winner]}",
    ev.CardThrown: lambda e: f"el asiento {e.seat} tira {_c(e.card, 'es')}",
    ev.Captured: lambda e: f"el asiento {e.seat} se lleva {_ws(e.taken, 'es')} con {_c(e.card, 'es')}",
    ev.MajoMade: lambda e: f"asiento {e.seat}: {e.label} a los {e.rank}",
    ev.TableCleared: lambda e: f"asiento {e.seat}: ¡limpia!",
    ev.PointsAwarded: lambda e: (f"bando {_SIDES[e.side]} +{e.points} ({_REASON_ES.get(e.reason.value, e.reason.value)}); "
                                 "tantos " + " ".join(map(str, e.totals))),
    ev.ScoresReset: lambda e: "chico nuevo: tantos " + " ".join(map(str, e.totals)),
    ev.DealEnded: lambda e: None,
    ev.LeftoversTaken: lambda e: (f"las cartas que quedan, {_ws(e.cards, 'es')}, para el bando {_SIDES[e.side]}"
                                  if e.side is not None else f"las cartas que quedan, {_ws(e.cards, 'es')}, se apartan"),
    ev.CardsCounted: lambda e: "cartas ganadas: " + " ".join(map(str, e.cards_won)) + f" (umbral {e.threshold})",
    ev.HandEnded: lambda e: f"termina la mano {e.hand}" + (" (abandonada)" if e.abandoned else ""),
    ev.ChicoEnded: lambda e: f"el bando {_SIDES[e.winner]} gana el chico",
    ev.PartidoEnded: lambda e: f"el bando {_SIDES[e.winner]} gana el partido",
    ev.MatchEnded: lambda e: f"el bando {_SIDES[e.winner]} gana el match",
    ev.GameEnded: lambda e: "fin de la partida: " + winners_text(e.result.winners, "es"),
}


def describe_event(event: Event, lang: str = "en") -> str | None:
    """One line telling ``event`` (``None`` for events not worth a line).

    The shared ``MovePlayed`` gets ``None`` (a front end shows the move
    itself); other events of no Machuco class get their class name.

    Args:
        event: the event.
        lang: ``en`` or ``es`` (Spanish, with the game's own terms).

    .. versionchanged:: 1.1
       ``lang``.
    """
    tell = (_TELL_ES if lang == "es" else _TELL).get(type(event))
    if tell is not None:
        return tell(event)
    return None if isinstance(event, MovePlayed) else type(event).__name__


def _real(value: int, category: int) -> bool:
    return value in (2, 6) or (value == 4 and category == 2)


#: The words of :func:`render`, by language.
_RENDER = {
    "en": {"head": "Machuco · hand {hand}, deal {deal}/{deals} · play {play}/36 · dealer {dealer}, mano {mano}",
           "scores": "Scores:  ", "cantes": "Cantes:  ", "seat": "seat", "pending": "Pending: ",
           "of_deal": "{cat} of deal {deal}", "contested": "Contested {cat}: seat {decider} decides",
           "envio_to": ", envío {amount} to seat {responder}", "table": "Table:   ", "empty": "(empty)",
           "chain": "Majo chain open on {rank} (level {level})", "hands": "Hands:   ", "stock": "stock",
           "piles": "Piles:   ", "you": "You (seat {seat}, side {side}): ", "other": "Seat {seat} (side {side}): ",
           "your_moves": "Your moves: ", "moves": "Moves: ", "waiting": "Waiting for seat {seat}",
           "over": "The game is over."},
    "es": {"head": "Machuco · mano {hand}, dada {deal}/{deals} · jugada {play}/36 · reparte {dealer}, es mano {mano}",
           "scores": "Tantos:  ", "cantes": "Cantes:  ", "seat": "asiento", "pending": "Pendientes: ",
           "of_deal": "{cat} de la dada {deal}", "contested": "{cat} disputado: decide el asiento {decider}",
           "envio_to": ", envío {amount} al asiento {responder}", "table": "Mesa:    ", "empty": "(vacía)",
           "chain": "Cadena de majos abierta en el {rank} (nivel {level})", "hands": "En mano: ", "stock": "mazo",
           "piles": "Montones: ", "you": "Tú (asiento {seat}, bando {side}): ",
           "other": "Asiento {seat} (bando {side}): ", "your_moves": "Tus jugadas: ", "moves": "Jugadas: ",
           "waiting": "Esperando al asiento {seat}", "over": "La partida ha terminado."},
}


def render(view: View, *, you: bool = True, lang: str = "en") -> str:
    """The table as ``view`` shows it, drawn as plain text for a terminal (``View.render``).

    Args:
        view: the view to draw.
        you: whether a person plays the seat (``False`` names it "Seat N", not "You").
        lang: ``en`` or ``es``.

    .. versionchanged:: 1.1
       ``you`` and ``lang``; the moves line reads "Your moves: a | b" as in every game.
    """
    w = _RENDER.get(lang, _RENDER["en"])
    names = "ABCD"
    lines = [w["head"].format(hand=view.hand_number, deal=view.deal_number, deals=view.rules.deals_per_hand,
                              play=view.plays_done, dealer=view.dealer, mano=view.mano)]
    lines.append(w["scores"] + "   ".join(
        f"{names[i]} {'+'.join(map(str, seats))}: {view.scores[i]} ({view.readings[i]})"
        for i, seats in enumerate(view.sides)))
    lines.append("Chicos:  " + " ".join(f"{names[i]} {c}" for i, c in enumerate(view.chicos))
                 + "   Partidos: " + " ".join(f"{names[i]} {p}" for i, p in enumerate(view.partidos)))
    if view.cantes:
        lines.append(w["cantes"] + ", ".join(
            f"{w['seat']} {c.seat} {c.category.label}{' real' if _real(c.value, c.category) else ''} ({c.value})"
            for c in view.cantes))
    if view.pending:
        lines.append(w["pending"] + ", ".join(
            w["of_deal"].format(cat=p.category.label, deal=p.deal)
            + f" ({'envío ' + str(p.stake) if p.stake else 'a la mayor'})" for p in view.pending))
    if view.contest is not None:
        c = view.contest
        lines.append(w["contested"].format(cat=c.category.label, decider=c.decider)
                     + (w["envio_to"].format(amount=c.amount, responder=c.responder) if c.amount else ""))
    lines.append(w["table"] + (" ".join(c.symbol() for c in view.table) or w["empty"]))
    if view.chain is not None:
        lines.append(w["chain"].format(rank=view.chain[0], level=view.chain[1]))
    lines.append(w["hands"] + "  ".join(f"{w['seat']} {s}: {'▮' * n}" for s, n in enumerate(view.hand_sizes))
                 + f"   {w['stock']} {view.stock_size}")
    lines.append(w["piles"] + "  ".join(f"{names[i]} {len(p)}" for i, p in enumerate(view.piles)))
    owner = w["you" if you else "other"].format(seat=view.seat, side=names[view.side])
    lines.append(owner + " ".join(c.symbol() for c in view.hand))
    if view.legal_moves:
        lines.append(w["your_moves" if you else "moves"] + " | ".join(str(m) for m in view.legal_moves))
    elif view.to_act:
        lines.append(w["waiting"].format(seat=view.to_act[0]))
    else:
        lines.append(w["over"])
    return "\n".join(lines)


def describe_move(move: mv.Move, view: View | None = None, lang: str = "en") -> str:
    """A move in the words a person reads (``play the seven of coins``; ``es``: ``juega el siete de oros``).

    >>> describe_move(mv.Move.parse("7o")), describe_move(mv.Move.parse("envio 3"), lang="es")
    ('play the seven of coins', 'envía 3 tantos al cante (envío)')

    .. versionadded:: 1.2
    """
    es = lang == "es"
    if isinstance(move, mv.PlayCard):
        return ("juega " if es else "play ") + card_words(move.card, lang)
    if isinstance(move, mv.Envio):
        return (f"envía {move.amount} tantos al cante (envío)" if es
                else f"bet {move.amount} points on the contested cante (envío)")
    words = {mv.Mayor: ("let the higher figure win the cante (a la mayor)", "deja el cante a la figura mayor (a la mayor)"),
             mv.Quiero: ("accept the envío (quiero)", "acepta el envío (quiero)"),
             mv.NoQuiero: ("refuse the envío (no quiero)", "rechaza el envío (no quiero)")}.get(type(move))
    return words[1 if es else 0] if words else str(move)


def describe_decision(view: View, lang: str = "en", names: Sequence[str] | None = None) -> str | None:
    """The open decision in public words (``Seat 1 decides the contested flor: envío or a la mayor``),
    naming the players by ``names`` where they have one (``""``: "Seat N").

    >>> from naipes import machuco
    >>> game = machuco.Game(machuco.Rules(players=2), seed=1)
    >>> describe_decision(game.view(game.to_act[0])), describe_decision(game.view(1), "es", ["", "Ana"])
    ('Seat 1 to throw a card', 'Ana tira una carta')

    .. versionadded:: 1.2
    """
    es = lang == "es"

    def who(seat: int) -> str:
        return seats_text([seat], lang, names, start=True)

    c = view.contest
    if c is not None and c.amount and c.responder in view.to_act:
        return (f"{who(c.responder)} responde al envío de {c.amount} por el {c.category.label}: "
                "quiero o no quiero" if es else
                f"{who(c.responder)} answers the envío of {c.amount} on the {c.category.label}: quiero or no quiero")
    if c is not None and c.decider in view.to_act:
        return (f"{who(c.decider)} decide el {c.category.label} disputado: envío o a la mayor" if es
                else f"{who(c.decider)} decides the contested {c.category.label}: envío or a la mayor")
    if not view.to_act:
        return None
    seat = view.to_act[0]
    return f"{who(seat)} tira una carta" if es else f"{who(seat)} to throw a card"


#: What one game plays, by ``Rules.scope``, as the result names it.
_UNITS = {"hand": ("the hand", "la mano"), "chico": ("the chico", "el chico"),
          "partido": ("the partido", "el partido"), "match": ("the match", "la partida")}


def result_unit(rules: object, lang: str = "en") -> str | None:
    """What a game of ``rules`` plays, with its article (``"the hand"``, ``"el chico"``): its scope.

    >>> from naipes.machuco import Rules
    >>> result_unit(Rules(scope="hand")), result_unit(Rules(scope="chico"), "es"), result_unit(Rules())
    ('the hand', 'el chico', 'the match')

    .. versionadded:: 1.2
    """
    words = _UNITS.get(str(getattr(rules, "scope", "match")))
    return None if words is None else words[1 if lang == "es" else 0]


#: The events that end a unit of the move list: a deal, a hand, a chico or more (a round).
_BOUNDARIES: dict[type, str] = {ev.DealEnded: "deal", ev.HandEnded: "hand", ev.ChicoEnded: "round",
                                ev.PartidoEnded: "round", ev.MatchEnded: "round"}


def boundary(event: Event) -> str | None:
    """``"deal"``, ``"hand"`` or ``"round"`` (a chico, partido or match) when ``event`` ends one.

    .. versionadded:: 1.2
    """
    return _BOUNDARIES.get(type(event))
