"""The languages of the ``naipes`` command: English and Spanish (internal).

Messages are looked up by a short key; each key has an English and a Spanish
text with the same ``{fields}``. The language is ``--lang``, else the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``es_*`` means Spanish), else English.
Spanish game terms are the games' own (*mano*, *envío*, *chico*, *macarra*).

>>> tr("game_over", "es")
'== fin de la partida =='
>>> tr("seat", "en", seat=2), tr("seat", "es", seat=2)
('seat 2', 'asiento 2')
>>> language_from_env({"LANG": "es_ES.UTF-8"}), language_from_env({"LANG": "C.UTF-8"})
('es', 'en')
"""

from __future__ import annotations

import locale
import sys
from typing import Mapping, Sequence

__all__ = ["LANGUAGES", "join", "language_from_env", "scores_text", "seats_text", "tr", "winners_text"]

#: The languages the command speaks.
LANGUAGES = ("en", "es")

_EN_ES: dict[str, tuple[str, str]] = {
    # seats and their owners
    "seat": ("seat {seat}", "asiento {seat}"),
    "you_seat": ("you (seat {seat})", "tú (asiento {seat})"),
    "bot_seat": ("seat {seat} ({bot})", "asiento {seat} ({bot})"),
    "nobody": ("nobody", "nadie"),
    "you": ("you", "tú"),
    "seen_by": ("only seat {seat} sees this", "solo lo ve el asiento {seat}"),
    # the table
    "move_heading": ("-- move {n} -- to act: {acting} -- view of {who} --",
                     "-- jugada {n} -- le toca a: {acting} -- vista del asiento {seat}{tag} --"),
    "answered_hidden": ("{who} answered (hidden until everyone has answered)",
                        "{who} respondió (oculto hasta que respondan todos)"),
    "everyone_answered": ("everyone answered:", "respondieron todos:"),
    "choose": ("Choose:", "Elige:"),
    "more_moves": ("  ... and {n} more: type them in notation", "  ... y {n} más: escríbelas en notación"),
    "prescribed": ("  (the rules prescribe: {move})", "  (el reglamento manda: {move})"),
    "prompt": ("Seat {seat}, your move ({choices}, a move, ? for help): ",
               "Asiento {seat}, tu jugada ({choices}, una jugada, ? para ayuda): "),
    "forced": ("(only one move: {move}, played for you)", "(una sola jugada: {move}, jugada por ti)"),
    "help": ("Type the number of a move from the list, or the move itself in notation\n"
             "(for example the first listed move: {example}). Tab completes a move.\n"
             "  t  or table   draw the table again and list your moves\n"
             "  ?  or help    this help\n"
             "  q  or quit    stop the game (saved first when you gave --save)",
             "Escribe el número de una jugada de la lista, o la jugada en notación\n"
             "(por ejemplo la primera de la lista: {example}). Tab completa una jugada.\n"
             "  t  o table    dibuja la mesa otra vez y lista tus jugadas\n"
             "  ?  o help     esta ayuda\n"
             "  q  o quit     termina la partida (guardada antes si diste --save)"),
    "no_move_number": ("There is no move number {n}: choose 1 to {last}, or type a move.",
                       "No hay jugada número {n}: elige de 1 a {last}, o escribe una jugada."),
    "cannot_read": ("I cannot read {text!r} as a move: {reason}. "
                    "Type a number from the list or a move in notation{example}.",
                    "No entiendo {text!r} como jugada: {reason}. "
                    "Escribe un número de la lista o una jugada en notación{example}."),
    "ambiguous": ("{text!r} is ambiguous: {reason}. "
                  "Type a number from the list or a move in notation{example}.",
                  "{text!r} es ambiguo: {reason}. "
                  "Escribe un número de la lista o una jugada en notación{example}."),
    "for_example": (" (for example {move})", " (por ejemplo {move})"),
    "not_allowed": ("{move} is not allowed now: {reason}. Try again.",
                    "{move} no vale ahora: {reason}. Prueba otra vez."),
    "refused": ("{move} was refused: {reason}. Try again.", "{move} fue rechazada: {reason}. Prueba otra vez."),
    "hook_not_allowed": ("Not allowed: {reason}. Try again.", "No vale: {reason}. Prueba otra vez."),
    "hook_problem": ("Problem: {reason}. Try again.", "Problema: {reason}. Prueba otra vez."),
    "game_over": ("== game over ==", "== fin de la partida =="),
    "winner": ("Winner: {who}", "Gana: {who}"),
    "winners": ("Winners: {who}", "Ganan: {who}"),
    "no_winner": ("Nobody wins.", "No gana nadie."),
    "lower_better": ("(lower is better: {what})", "(menos es mejor: {what})"),
    "moves_count": ("{n} moves", "{n} jugadas"),
    "and": (" and ", " y "),
    # commands
    "games_headers": ("game|players|deck|also called", "juego|jugadores|baraja|también llamado"),
    "rule_options": ("  --rule options: {options} (naipes rules {game})",
                     "  opciones de --rule: {options} (naipes rules {game})"),
    "sim_head": ("{game}: {games} games, {players} players, seed {seed}, {seconds:.2f} s ({rate:.1f} games/s)",
                 "{game}: {games} partidas, {players} jugadores, semilla {seed}, {seconds:.2f} s "
                 "({rate:.1f} partidas/s)"),
    "sim_progress": ("{done}/{total} games, {rate:.1f} games/s, about {left:.0f} s left",
                     "{done}/{total} partidas, {rate:.1f} partidas/s, quedan unos {left:.0f} s"),
    # naipes tournament
    "tour_progress": ("{done}/{total} games, {rate:.1f} games/s, {left}",
                      "{done}/{total} partidas, {rate:.1f} partidas/s, {left}"),
    "tour_left": ("{s:.0f} s left", "quedan {s:.0f} s"),
    "tour_left_unknown": ("time left unknown", "tiempo restante desconocido"),
    "tour_heading": ("naipes tournament: {game}, {players} players, {games} games, seed {seed}",
                     "naipes tournament: {game}, {players} jugadores, {games} partidas, semilla {seed}"),
    "tour_duplicate": ("each deal replayed in every lineup", "cada reparto se juega en todas las alineaciones"),
    "tour_independent": ("a deal per game", "un reparto por partida"),
    "tour_lineups": ("{n} lineups, {mode}; {seconds:.1f} s ({rate:.1f} games/s)",
                     "{n} alineaciones, {mode}; {seconds:.1f} s ({rate:.1f} partidas/s)"),
    "tour_unbalanced": ("(the last deal was not played in every lineup: give a multiple of {n} games "
                        "for a balanced tournament)",
                        "(el último reparto no se jugó en todas las alineaciones: da un múltiplo de {n} "
                        "partidas para un torneo equilibrado)"),
    "tour_forfeit": ("1 game forfeited (a bot failed; counted as a loss for its entrant, left out of "
                     "the mean returns):",
                     "1 partida perdida por abandono (falló un bot; cuenta como derrota de su "
                     "participante y no entra en las medias del retorno):"),
    "tour_forfeits": ("{n} games forfeited (a bot failed; counted as a loss for its entrant, left out of "
                      "the mean returns):",
                      "{n} partidas perdidas por abandono (falló un bot; cuentan como derrota de su "
                      "participante y no entran en las medias del retorno):"),
    "tour_more_forfeits": ("  ... and {n} more (every one is in --json)", "  ... y {n} más (todas están en --json)"),
    "tour_note_wins": ("wins: a win shared by m bots counts 1/m (a tie of two: 1/2); score: wins per game with "
                       "its 95 % Wilson interval;",
                       "victorias: una victoria compartida por m bots cuenta 1/m (un empate de dos: 1/2); "
                       "puntuación: victorias por partida con su intervalo de Wilson del 95 %;"),
    "tour_note_rating": ("mean return with its 95 % interval; rating: Bradley-Terry on the Elo scale (mean 0) "
                         "with its 95 % bootstrap interval",
                         "retorno medio con su intervalo del 95 %; valoración: Bradley-Terry en la escala Elo "
                         "(media 0) con su intervalo bootstrap del 95 %"),
    "tour_saved": ("every game saved in {dir} ('naipes replay {first}' opens the first), the results in {summary}",
                   "cada partida guardada en {dir} ('naipes replay {first}' abre la primera), los resultados "
                   "en {summary}"),
    "tour_json": ("results written to {path}", "resultados escritos en {path}"),
    "tour_plot": ("chart written to {path}", "gráfico escrito en {path}"),
    "no_game": ("No game is installed yet.", "Todavía no hay ningún juego instalado."),
    "demo_none": ("No game is installed yet, so there is nothing to show. "
                  "Once a game is installed, 'naipes games' lists it.",
                  "Todavía no hay ningún juego instalado: no hay nada que mostrar. "
                  "Cuando haya uno, 'naipes games' lo lista."),
    "demo_heading": ("naipes demo: {game}, {n} players, seed {seed}",
                     "naipes demo: {game}, {n} jugadores, semilla {seed}"),
    "demo_note": ("Each seat is played by a bot; the table is drawn as the seat to act sees it. "
                  "Ctrl-C stops.",
                  "Cada asiento lo juega un bot; la mesa se dibuja como la ve el asiento al que le toca. "
                  "Ctrl-C para."),
    "demo_stopped_after": ("(stopped after {n} moves; --max-moves 0 plays to the end)",
                           "(parada tras {n} jugadas; --max-moves 0 juega hasta el final)"),
    "demo_stopped": ("Demo stopped.", "Demo parada."),
    "see_again": ("See it again: {command}", "Para verla otra vez: {command}"),
    "play_heading": ("naipes play: {game}, {n} players, seed {seed}; you are seat {seat}",
                     "naipes play: {game}, {n} jugadores, semilla {seed}; eres el asiento {seat}"),
    "play_note_hook": ("{game} asks for your turns in its own commands; quit stops the game. "
                       "The rules: naipes rules {game}",
                       "{game} pide tus turnos con sus propias órdenes; quit termina la partida. "
                       "Las reglas: naipes --lang es rules {game}"),
    "play_note": ("Type a move's number or the move itself (Tab completes); ? for help, q to quit. "
                  "The rules: naipes rules {game}",
                  "Escribe el número de una jugada o la jugada (Tab completa); ? para ayuda, q para salir. "
                  "Las reglas: naipes --lang es rules {game}"),
    "game_stopped": ("Game stopped.", "Partida terminada."),
    "record_saved": ("Record saved to {path} (naipes replay {path})",
                     "Partida guardada en {path} (naipes replay {path})"),
    "replay_heading": ("Replay of a {game} game: {n} moves.", "Repetición de una partida de {game}: {n} jugadas."),
    "replay_keys": ("Enter: next move, b: back one, g N: go to move N, a: play to the end, q: quit.",
                    "Enter: siguiente, b: una atrás, g N: ir a la jugada N, a: hasta el final, q: salir."),
    "replay_no_move": ("There is no move {n}: give 1 to {last}.", "No hay jugada {n}: da de 1 a {last}."),
    "replay_unknown": ("Enter, b, g N, a or q.", "Enter, b, g N, a o q."),
    "replay_start": ("(at the start: nothing to step back)", "(en el principio: no se puede ir atrás)"),
}


def tr(key: str, lang: str = "en", **fields: object) -> str:
    """The message ``key`` in ``lang`` (English for an unknown language), fields filled in."""
    en, es = _EN_ES[key]
    text = es if lang == "es" else en
    return text.format(**fields) if fields else text


def join(items: list[str], lang: str = "en") -> str:
    """``a, b and c`` (``a, b y c``).

    >>> join(["seat 0", "seat 1", "seat 2"]), join(["asiento 0", "asiento 1"], "es")
    ('seat 0, seat 1 and seat 2', 'asiento 0 y asiento 1')
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + tr("and", lang) + items[-1]


def _seat_es(seat: int, name: str, case: str) -> str:
    if name:
        return {"de": "de ", "a": "a "}.get(case, "") + name
    return {"de": "del", "a": "al"}.get(case, "el") + f" asiento {seat}"


def seats_text(seats: Sequence[int], lang: str = "en", names: Sequence[str] | None = None, *,
               case: str = "", start: bool = False) -> str:
    """Seats as a sentence names them: by the players' names where ``names`` has one (``""``: none),
    else by number ("seat 2", "seats 1 and 2"; "el asiento 2", "los asientos 1 y 2").

    ``case`` is the Spanish preposition the words follow (``"de"``: "del asiento 2",
    "de Ana"; ``"a"``: "al asiento 2", "a Ana"); ``start`` capitalizes the first
    word when it is not a name (a sentence's start). Names are kept as given.

    >>> seats_text([2]), seats_text([1, 2], start=True), seats_text([0, 1], "en", ["Ana", ""])
    ('seat 2', 'Seats 1 and 2', 'Ana and seat 1')
    >>> seats_text([3], "es", case="a"), seats_text([0], "es", ["Ana"], case="de"), seats_text([1, 2], "es")
    ('al asiento 3', 'de Ana', 'los asientos 1 y 2')
    """
    named = [names[s] if names is not None and 0 <= s < len(names) else "" for s in seats]
    es = lang == "es"
    if len(seats) > 1 and not any(named):
        numbers = join([str(s) for s in seats], lang)
        text = ({"de": "de los", "a": "a los"}.get(case, "los") + " asientos " if es else "seats ") + numbers
    elif es:
        parts = [_seat_es(s, n, case) for s, n in zip(seats, named)]
        text = join(parts, lang)
    else:
        text = join([n or f"seat {s}" for s, n in zip(seats, named)], lang)
    if start and not (named and named[0]):
        text = text[:1].upper() + text[1:]
    return text


def winners_text(seats: Sequence[int], lang: str = "en") -> str:
    """Who won, as a clause with its verb agreeing: "seat 3 wins", "seats 1 and 3 win",
    "nobody wins"; in Spanish the verb first: "gana el asiento 3", "ganan los asientos 1 y 3",
    "no gana nadie".

    >>> winners_text([3]), winners_text([1, 3]), winners_text([])
    ('seat 3 wins', 'seats 1 and 3 win', 'nobody wins')
    >>> winners_text([3], "es"), winners_text([0, 1, 2], "es"), winners_text([], "es")
    ('gana el asiento 3', 'ganan los asientos 0, 1 y 2', 'no gana nadie')
    """
    seats = list(seats)
    if lang == "es":
        if not seats:
            return "no gana nadie"
        return ("gana " if len(seats) == 1 else "ganan ") + seats_text(seats, "es")
    if not seats:
        return "nobody wins"
    return seats_text(seats) + (" wins" if len(seats) == 1 else " win")


def scores_text(scores: Sequence[int], lang: str = "en", *, word: str = "") -> str:
    """Scores per seat: "seat 0 9, seat 1 0" ("asiento 0 9, asiento 1 0"); ``word`` names
    the scores' holder instead of "seat" (``"side"``).

    >>> scores_text([9, 0]), scores_text([3, -1], "es")
    ('seat 0 9, seat 1 0', 'asiento 0 3, asiento 1 -1')
    """
    name = word or ("asiento" if lang == "es" else "seat")
    return ", ".join(f"{name} {s} {v}" for s, v in enumerate(scores))


def language_from_env(environ: Mapping[str, str]) -> str:
    """``es`` when the locale's language is Spanish, else ``en`` (``LC_ALL``, then
    ``LC_MESSAGES``, then ``LANG``; on Windows, the user's locale)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "es" if value.lower().startswith("es") else "en"
    if sys.platform == "win32":  # no locale variables there: the user's locale ("Spanish_Spain")
        name = locale.getlocale()[0] or ""
        return "es" if name.lower().startswith(("es", "spanish")) else "en"
    return "en"
