"""Macarra for terminals: :func:`render` draws a view, :func:`describe_event` tells an
event in plain words, :func:`terminal_turn` asks a person for a move.

``naipes play macarra`` finds :func:`terminal_turn` and :func:`describe_event` on
the game module; :meth:`View.render <naipes.macarra.View.render>` delegates to
:func:`render`. The turn lists every move that fits, infractions included, in a
fixed order, and never says which one the rules prescribe: a person plays
Macarra as at a table, and a mistake stands and costs a macarra from every
other player (MK-10).

>>> from naipes import Card, macarra
>>> describe_event(macarra.CardDrawn(seat=1, card=Card.parse("7e"), stock_size=9))
'seat 1 draws the seven of swords (9 left in the stock)'
>>> describe_event(macarra.CardDrawn(seat=1, card=Card.parse("7e"), stock_size=9), lang="es")
'el asiento 1 roba el siete de espadas (quedan 9 en su mazo)'

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Module ``describe`` (0.1: ``terminal``); :func:`render` added.
.. versionchanged:: 1.1
   ``describe_event(event, lang="es")`` tells events in Spanish; ``render(view, you=False)``
   draws a seat no person plays without calling it "you".
.. versionchanged:: 1.2
   Events name their cards in words ("the seven of swords"), not in notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from naipes._card_words import card_words, cards_words
from naipes._i18n import seats_text, winners_text
from naipes.cards import Card
from naipes.errors import NotationError
from naipes.events import Event
from naipes.macarra import events as ev
from naipes.macarra import moves as mv
from naipes.macarra._tables import Phase
from naipes.macarra.events import Reason, TargetKind
from naipes.macarra.moves import Move, is_number

if TYPE_CHECKING:
    from naipes.macarra.state import Game
    from naipes.macarra.view import View

__all__ = ["HELP", "describe_decision", "describe_event", "describe_move", "render", "terminal_turn"]

_PILE_SHOWN = 8

#: The help text of :func:`terminal_turn`.
HELP = """\
Macarra moves: 'draw' (or 'd'), 'pass', '<card> new' (an ace to a new foundation),
'<card> f<i>' (onto foundation i), '<card> p<seat>' (onto a face-up pile; your own
seat lays the card you drew). A bare target ('f0', 'p2', 'new') moves the only card
you can move, a bare card ('3o') goes where it fits when that is one place. Your
face-up card must move before you draw if it fits anywhere; a drawn card goes by
priority: ace, foundation, the first player to your right, your own pile. Any move
that fits is accepted, but a wrong one costs you a macarra from every other player.
Type a number, a move, 't' for the table."""


_TURN = {
    "en": {"lost": "Seat {loser} lost and drew a hidden card worth 1 to 10. Bid 0-10 macarras: "
                   "what the card is worth stands, the rest comes back to you.",
           "bid": "Seat {seat}, your bid (0-10): ", "fit": "Moves that fit: ",
           "prompt": "Seat {seat}, your move (1-{n}, a move, ? for help): ", "choose": "choose a number from 1 to {n}"},
    "es": {"lost": "El asiento {loser} perdió y sacó una carta tapada que vale de 1 a 10. Apuesta de 0 a 10 "
                   "macarras: lo que valga la carta se queda, el resto te vuelve.",
           "bid": "Asiento {seat}, tu apuesta (0-10): ", "fit": "Jugadas que caben: ",
           "prompt": "Asiento {seat}, tu jugada (1-{n}, una jugada, ? para ayuda): ",
           "choose": "elige un número de 1 a {n}"},
}


def terminal_turn(game: Game, seat: int, ask: Callable[[str], str], say: Callable[[str], None],
                  *, lang: str = "en") -> Move:
    """Ask a person at a terminal for one move of ``seat`` (or a bid in the punishment).

    The answer is a listed number, or a move read by :meth:`Game.parse_move
    <naipes.game.Game.parse_move>` (full notation or a short form). ``lang``:
    the language of the prompts (``en`` or ``es``; the help stays in English).

    Raises:
        NotationError: for an answer that is not a listed number or a move (the
            command line says so and asks again).
        IllegalMoveError: for a move that does not fit now.

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       ``lang``.
    """
    w = _TURN.get(lang, _TURN["en"])
    view = game.view(seat)
    if view.phase is Phase.PUNISHMENT:
        say(w["lost"].format(loser=view.loser))
        return game.parse_move(ask(w["bid"].format(seat=seat)).strip(), seat)
    moves = view.legal_moves
    say(w["fit"] + "   ".join(f"{i}. {m}" for i, m in enumerate(moves, 1)))
    while True:
        text = ask(w["prompt"].format(seat=seat, n=len(moves))).strip()
        low = text.lower()
        if low in ("?", "h", "help"):
            say(HELP)
        elif low in ("t", "table"):
            say(render(game.view(seat), lang=lang))
        elif text.isdigit():
            if is_number(text) and 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            raise NotationError(text, w["choose"].format(n=len(moves)), code="not_a_move")
        elif text:
            return game.parse_move(text, seat)


# -- events --------------------------------------------------------------------------------------
def describe_event(event: Event, lang: str = "en") -> str | None:
    """One event in a few plain words (``None`` for events not worth a line).

    Args:
        event: the event.
        lang: ``en`` or ``es`` (Spanish, with the game's own terms).

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       ``lang``.
    """
    text = (_DESCRIBE_ES if lang == "es" else _DESCRIBE).get(type(event))
    return text(event) if text is not None else None


def _c(card: object, lang: str = "en") -> str:
    """One card in words for the log ("the seven of coins"); notation for what is not a card."""
    return card_words(card, lang) if isinstance(card, Card) else str(card)


def _ws(cards: Sequence[object], lang: str = "en") -> str:
    """Cards in words for the log ("the six of clubs and the king of coins")."""
    return cards_words([c for c in cards if isinstance(c, Card)], lang)


def _placed(e: ev.CardPlaced) -> str:
    src = "the card drawn" if e.drawn else "the face-up card"
    t = e.target
    where = (f"a new foundation f{t.index}" if t.kind is TargetKind.NEW
             else f"foundation f{t.index}" if t.kind is TargetKind.FOUNDATION
             else "his own pile" if t.index == e.seat else f"seat {t.index}'s pile")
    return f"seat {e.seat} puts {_c(e.card)} ({src}) on {where}"


def _given(e: ev.MacarrasGiven) -> str | None:
    if e.reason is Reason.PUNISHMENT:
        return f"seat {e.giver} gives seat {e.receiver} {e.count} macarra(s) (total {e.total})"
    return None  # aces and infractions are told once, by their own event


def _net(scores: tuple[int, ...]) -> str:
    return ", ".join(f"seat {s} {x:+d}" for s, x in enumerate(scores))


_DESCRIBE: dict[type[Event], Callable[[Any], str | None]] = {
    ev.HandStarted: lambda e: f"seat {e.dealer} deals; seat {e.first} plays first",
    ev.CardsDealt: lambda e: None,
    ev.CardDrawn: lambda e: f"seat {e.seat} draws {_c(e.card)} ({e.stock_size} left in the stock)",
    ev.CardPlaced: _placed,
    ev.StockRecycled: lambda e: (f"seat {e.seat} turns the face-up pile over: the stock is now "
                                 f"{_ws(e.stock)}, {_c(e.face_up)} stays face up"),
    ev.Passed: lambda e: f"seat {e.seat} has nothing to move or draw and passes",
    ev.AceDrawn: lambda e: f"ACE! seat {e.seat} drew {_c(e.card)}: one macarra to every other player",
    ev.InfractionCommitted: lambda e: (f"INFRACTION by seat {e.seat}: played '{e.move}', the rules "
                                       f"prescribed '{e.forced}'. It stands, and every other player "
                                       f"gives seat {e.seat} a macarra ({e.count} so far)"),
    ev.MacarrasGiven: _given,
    ev.MacarrasReturned: lambda e: f"seat {e.giver} returns {e.count} macarra(s) to seat {e.receiver}",
    ev.TurnEnded: lambda e: None,
    ev.PlayerOut: lambda e: f"seat {e.seat} is out (still playing: {', '.join(map(str, e.remaining))})",
    ev.LoserDecided: lambda e: (f"seat {e.loser} loses" + (" at the turn cap, holding the most cards"
                                                          if e.capped else ", the last with cards")),
    ev.PunishmentStarted: lambda e: (f"seat {e.loser} draws a hidden card; seats "
                                     f"{', '.join(map(str, e.bidders))} bid 0-10 macarras"),
    ev.BidRevealed: lambda e: f"seat {e.seat} bid {e.amount}",
    ev.PunishmentCardRevealed: lambda e: f"the card was {_c(e.card)}, worth {e.value}",
    ev.HandEnded: lambda e: None,
    ev.GameEnded: lambda e: f"game over: {winners_text(e.result.winners)}; net macarras: {_net(e.result.scores)}",
}


def _placed_es(e: ev.CardPlaced) -> str:
    src = "la carta robada" if e.drawn else "la carta boca arriba"
    t = e.target
    where = (f"un montón nuevo del centro, f{t.index}" if t.kind is TargetKind.NEW
             else f"el montón del centro f{t.index}" if t.kind is TargetKind.FOUNDATION
             else "su propio montón" if t.index == e.seat else f"el montón del asiento {t.index}")
    return f"el asiento {e.seat} pone {_c(e.card, 'es')} ({src}) en {where}"


def _given_es(e: ev.MacarrasGiven) -> str | None:
    if e.reason is Reason.PUNISHMENT:
        return (f"el asiento {e.giver} da {e.count} macarra(s) al asiento {e.receiver} "
                f"(en total {e.total})")
    return None


def _net_es(scores: tuple[int, ...]) -> str:
    return ", ".join(f"asiento {s} {x:+d}" for s, x in enumerate(scores))


_DESCRIBE_ES: dict[type[Event], Callable[[Any], str | None]] = {
    ev.HandStarted: lambda e: f"reparte el asiento {e.dealer}; empieza el asiento {e.first}",
    ev.CardsDealt: lambda e: None,
    ev.CardDrawn: lambda e: f"el asiento {e.seat} roba {_c(e.card, 'es')} (quedan {e.stock_size} en su mazo)",
    ev.CardPlaced: _placed_es,
    ev.StockRecycled: lambda e: (f"el asiento {e.seat} da la vuelta a su montón: su mazo es ahora "
                                 f"{_ws(e.stock, 'es')}, {_c(e.face_up, 'es')} queda boca arriba"),
    ev.Passed: lambda e: f"el asiento {e.seat} no puede mover ni robar y pasa",
    ev.AceDrawn: lambda e: f"¡AS! el asiento {e.seat} sacó {_c(e.card, 'es')}: un macarra a cada uno de los demás",
    ev.InfractionCommitted: lambda e: (f"INFRACCIÓN del asiento {e.seat}: jugó '{e.move}', el reglamento "
                                       f"mandaba '{e.forced}'. Vale, y cada uno de los demás le da un "
                                       f"macarra al asiento {e.seat} (van {e.count})"),
    ev.MacarrasGiven: _given_es,
    ev.MacarrasReturned: lambda e: f"el asiento {e.giver} devuelve {e.count} macarra(s) al asiento {e.receiver}",
    ev.TurnEnded: lambda e: None,
    ev.PlayerOut: lambda e: (f"el asiento {e.seat} se queda sin cartas (siguen: "
                             f"{', '.join(map(str, e.remaining))})"),
    ev.LoserDecided: lambda e: (f"pierde el asiento {e.loser}" + (", al llegar al tope de turnos con más cartas"
                                                                  if e.capped else ", el último con cartas")),
    ev.PunishmentStarted: lambda e: (f"el asiento {e.loser} saca una carta tapada; los asientos "
                                     f"{', '.join(map(str, e.bidders))} apuestan de 0 a 10 macarras"),
    ev.BidRevealed: lambda e: f"el asiento {e.seat} apostó {e.amount}",
    ev.PunishmentCardRevealed: lambda e: f"la carta era {_c(e.card, 'es')}, vale {e.value}",
    ev.HandEnded: lambda e: None,
    ev.GameEnded: lambda e: (f"fin de la partida: {winners_text(e.result.winners, 'es')}; "
                             f"macarras netos: {_net_es(e.result.scores)}"),
}


# -- the table -------------------------------------------------------------------------------------
#: The words of :func:`render`, by language.
_RENDER = {
    "en": {"head": "Macarra: {players} players, {decks} x {deck} cards, {when}, {mode}",
           "penalize": "infractions punished", "forbid": "forced moves only", "turn": "turn {n}",
           "played": "{n} turns played", "foundations": "Foundations", "none": "(none yet)", "seat": "seat",
           "you": " (you)", "out": "out", "stock_known": "stock {n}: {cards}", "stock_down": "stock {n} face down",
           "stock_empty": "stock empty", "more": "({n} more) ", "face_up": "face-up", "empty": "(empty)",
           "holds": "Seat {seat} holds {card} (just drawn)", "given": "Macarras given (giver->receiver)",
           "net": "Net", "your_moves": "Your moves: ", "moves": "Moves: ",
           "my_bid": "your bid: {bid}", "its_bid": "seat {seat} bid: {bid}",
           "bid_now": "bid 0-10 macarras against the loser's hidden card",
           "you_lost": "you are the loser: the others are bidding",
           "it_lost": "seat {seat} is the loser: the others are bidding",
           "lost": "Seat {loser} lost{cap}. Final punishment: {mine}", "cap": " (turn cap)",
           "over": "Game over: seat {loser} lost{card}", "card_was": "; the card was {card}",
           "bid": "seat {seat} bid {bid}"},
    "es": {"head": "Macarra: {players} jugadores, {decks} x {deck} cartas, {when}, {mode}",
           "penalize": "infracciones castigadas", "forbid": "solo jugadas obligadas", "turn": "turno {n}",
           "played": "{n} turnos jugados", "foundations": "Centro", "none": "(nada aún)", "seat": "asiento",
           "you": " (tú)", "out": "sin cartas", "stock_known": "mazo {n}: {cards}", "stock_down": "mazo {n} tapadas",
           "stock_empty": "mazo vacío", "more": "({n} más) ", "face_up": "boca arriba", "empty": "(vacío)",
           "holds": "El asiento {seat} tiene {card} (recién robada)",
           "given": "Macarras dados (quien da->quien recibe)", "net": "Neto",
           "your_moves": "Tus jugadas: ", "moves": "Jugadas: ",
           "my_bid": "tu apuesta: {bid}", "its_bid": "apuesta del asiento {seat}: {bid}",
           "bid_now": "apuesta de 0 a 10 macarras contra la carta tapada del perdedor",
           "you_lost": "has perdido: apuestan los demás",
           "it_lost": "el asiento {seat} ha perdido: apuestan los demás",
           "lost": "Pierde el asiento {loser}{cap}. Castigo final: {mine}", "cap": " (tope de turnos)",
           "over": "Fin de la partida: pierde el asiento {loser}{card}", "card_was": "; la carta era {card}",
           "bid": "el asiento {seat} apostó {bid}"},
}


def render(view: View, *, you: bool = True, lang: str = "en") -> str:
    """The table as plain text: foundations, every seat's stock and face-up pile,
    the card held, the ledger, and the seat's moves (never which one is forced).

    Args:
        view: the view to draw.
        you: whether a person plays the seat (``False``: no "(you)", "Moves:").
        lang: ``en`` or ``es``.

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       ``you`` and ``lang``.
    """
    w = _RENDER.get(lang, _RENDER["en"])
    r = view.rules
    mode = w["penalize"] if r.infractions == "penalize" else w["forbid"]
    when = w["turn"].format(n=view.turns + 1) if view.phase is Phase.PLAY else w["played"].format(n=view.turns)
    lines = [w["head"].format(players=r.players, decks=r.num_decks, deck=r.deck, when=when, mode=mode)]
    found = "  ".join(f"f{i} {c}" for i, c in enumerate(view.foundations)) or w["none"]
    lines.append(f"{w['foundations']}: {found}")
    lines.extend(_seat_line(view, s, you, w) for s in range(r.players))
    if view.held is not None and view.turn is not None:
        lines.append(w["holds"].format(seat=view.turn, card=view.held))
    lines.extend(_ledger_lines(view, w))
    lines.extend(_phase_lines(view, you, w))
    if view.legal_moves:
        lines.append(w["your_moves" if you else "moves"] + " | ".join(str(m) for m in view.legal_moves))
    return "\n".join(lines)


def _seat_line(view: View, s: int, you: bool, w: dict[str, str]) -> str:
    who = w["you"] if s == view.seat and you else ""
    mark = ">" if s == view.turn else " "
    if s in view.out:
        return f"{mark} {w['seat']} {s}{who}: {w['out']}"
    known = view.recycled_stocks[s]
    if known:
        stock = w["stock_known"].format(n=len(known), cards=" ".join(str(c) for c in known))
    elif view.stock_sizes[s]:
        stock = w["stock_down"].format(n=view.stock_sizes[s])
    else:
        stock = w["stock_empty"]
    pile = view.piles[s]
    shown = " ".join(str(c) for c in pile[-_PILE_SHOWN:])
    more = w["more"].format(n=len(pile) - _PILE_SHOWN) if len(pile) > _PILE_SHOWN else ""
    face_up = f"{w['face_up']} {more}{shown}" if pile else f"{w['face_up']} {w['empty']}"
    return f"{mark} {w['seat']} {s}{who}: {stock} | {face_up}"


def _ledger_lines(view: View, w: dict[str, str]) -> list[str]:
    n = view.rules.players
    entries = [f"{g}->{rcv}: {view.ledger[g][rcv]}" for g in range(n) for rcv in range(n)
               if view.ledger[g][rcv]]
    if not entries:
        return []
    net = ", ".join(f"{w['seat']} {s} {x:+d}" for s, x in enumerate(view.scores))
    return [f"{w['given']}: {'  '.join(entries)}", f"{w['net']}: {net}"]


def _phase_lines(view: View, you: bool, w: dict[str, str]) -> list[str]:
    if view.phase is Phase.PUNISHMENT:
        if view.my_bid is not None:
            mine = w["my_bid" if you else "its_bid"].format(bid=view.my_bid, seat=view.seat)
        elif view.seat in view.to_act:
            mine = w["bid_now"]
        else:
            mine = w["you_lost"] if you else w["it_lost"].format(seat=view.seat)
        return [w["lost"].format(loser=view.loser, cap=w["cap"] if view.capped else "", mine=mine)]
    if view.phase is Phase.OVER:
        bids = ", ".join(w["bid"].format(seat=s, bid=b) for s, b in enumerate(view.bids) if b is not None)
        card = w["card_was"].format(card=view.punishment_card) if view.punishment_card else ""
        return [w["over"].format(loser=view.loser, card=card) + (f"; {bids}" if bids else "")]
    return []


def describe_move(move: Move, view: View | None = None, lang: str = "en") -> str:
    """A move in the words a person reads (``draw from the stock``; ``es``: ``roba del mazo``), worded
    so that it reads right both as an offer to the mover and in a move list that others read.

    >>> from naipes import Card
    >>> describe_move(mv.PlaceOnPile(Card.parse("3e"), 2)), describe_move(mv.DRAW, lang="es")
    ("put the three of swords on seat 2's pile", 'roba del mazo')

    .. versionadded:: 1.2
    """
    es = lang == "es"
    if isinstance(move, mv.StartFoundation):
        return ("abre una escalera con " if es else "start a foundation with ") + card_words(move.card, lang)
    if isinstance(move, mv.PlaceOnFoundation):
        card = card_words(move.card, lang)
        return f"pon {card} en la escalera {move.foundation}" if es else f"put {card} on foundation {move.foundation}"
    if isinstance(move, mv.PlaceOnPile):
        card = card_words(move.card, lang)
        return f"pon {card} en el montón del asiento {move.seat}" if es else f"put {card} on seat {move.seat}'s pile"
    if isinstance(move, mv.Bid):
        return (f"apuesta {move.amount} macarras para el perdedor" if es
                else f"bid {move.amount} macarras for the loser")
    words = {mv.Draw: ("draw from the stock", "roba del mazo"),
             mv.Pass: ("pass: end the turn", "pasa: termina el turno")}.get(type(move))
    return words[1 if es else 0] if words else str(move)


def describe_decision(view: View, lang: str = "en", names: Sequence[str] | None = None) -> str | None:
    """The open decision in public words (``Seat 2 to move: place a card or draw``), naming the
    players by ``names`` where they have one (``""``: "Seat N").

    >>> from naipes import macarra
    >>> game = macarra.Game(seed=1)
    >>> describe_decision(game.view(game.to_act[0])), describe_decision(game.view(0), "es", ["Ana"])
    ('Seat 0 to move: place a card, draw or pass', 'Le toca a Ana: coloca una carta, roba o pasa')

    .. versionadded:: 1.2
    """
    es = lang == "es"
    if view.phase is Phase.PUNISHMENT and view.loser is not None:
        seats = seats_text(view.to_act, lang, names, start=True)
        loser = seats_text([view.loser], lang, names, case="de" if es else "")
        if es:
            return f"{seats} apuestan de 0 a 10 macarras contra la carta tapada {loser}"
        return f"{seats} bid 0 to 10 macarras against {loser}'s hidden card"
    if view.phase is not Phase.PLAY or view.turn is None:
        return None
    if view.held is not None:
        who = seats_text([view.turn], lang, names, start=True)
        held = card_words(view.held, lang)  # a public card: every seat saw it drawn
        return (f"{who} coloca la carta robada, {held}" if es else f"{who} places the card drawn, {held}")
    if es:
        return f"Le toca {seats_text([view.turn], lang, names, case='a')}: coloca una carta, roba o pasa"
    return f"{seats_text([view.turn], lang, names, start=True)} to move: place a card, draw or pass"
