"""The words of a Machiavelli turn at the keyboard, in English and Spanish (internal).

The workspace's messages (:class:`~naipes.machiavelli.workspace.WorkspaceError`, the
problems of a play) are written in English, the language of the library's errors;
:func:`spanish` words them in Spanish for a person who plays in Spanish. The commands
themselves (``take``, ``move``, ``commit``...) stay as typed.

>>> spanish("meld 2 [7S 7H]: a meld of two cards")
'combinación 2 [7S 7H]: una combinación de dos cartas'
>>> spanish("7H is not in your hand")
'7H no está en tu mano'
"""

from __future__ import annotations

import re

__all__ = ["HELP_ES", "TURN", "spanish"]

HELP_ES = """\
Órdenes (las combinaciones se numeran desde 1; una carta se escribe 7H, 10S, QD, o JK=7H si es comodín):
  take 7H [to N]              pon una carta de tu mano en la combinación N (si no, en una nueva)
  back 7H [from N]            devuelve a tu mano una carta que pusiste
  move 8S from 2 to 5         mueve una carta de la mesa de una combinación a otra ("to new": a una nueva)
  move JK=8H from 2 to 3 as 9H   mueve un comodín y di qué carta representa ahora
  split 1 at 4                la combinación 1 se queda con sus 4 primeras cartas; el resto forma otra
  split 1 at 8S               divide la combinación 1 justo antes de 8S
  merge 2 3                   junta toda la combinación 3 con la 2
  swap 7H [in N]              pon 7H en lugar del comodín que representa 7H; el comodín va a tu mano
  declare JK=8H in 3 as 9H    cambia la carta que representa un comodín
  check                       di qué no vale ahora, y por qué
  undo | reset                deshaz el último paso | vuelve al principio del turno
  show                        dibuja otra vez la mesa y tu mano
  hint | hint apply           la mejor jugada (solver exacto) | colócala en tu espacio de trabajo
  commit                      termina el turno con esta mesa (tiene que valer)
  draw                        olvida los cambios y roba una carta del mazo
  give up                     el turno fallido: la mesa vuelve a como estaba y robas el castigo
  help                        este texto"""

#: The turn's own messages, by language.
TURN = {
    "en": {"table": "Table:", "table_empty": "Table: (empty)", "hand": "Hand: ", "valid_commit": "the play is valid: type commit",
           "unchanged": "nothing changed yet (take a card, or draw)",
           "problems": "{n} problem(s): type check to see them", "valid": "the play is valid",
           "undone": "undone: {step}", "not_valid": "not valid yet:\n{why}\n(fix it, undo, draw, or give up)",
           "no_hint": "no hint: {why}", "hint_none": "hint: no play is possible from the start of this turn; draw",
           "hint_better": " (the best found in time; there may be better)",
           "hint": "hint: you can play {n} card(s) ({cards}){found}:", "hint_apply": "(type hint apply to lay it out)",
           "unreadable": "cannot read that line: type help", "cannot": "cannot do that: {why}",
           "unknown": "unknown command {line!r}: type help",
           "intro": "Your turn: rearrange the table with take / move / split / merge, then commit "
                    "(or draw, or give up). Type help for every command.",
           "prompt": "Seat {seat}, your move (a command; help lists them): "},
    "es": {"table": "Mesa:", "table_empty": "Mesa: (vacía)", "hand": "Mano: ", "valid_commit": "la jugada vale: escribe commit",
           "unchanged": "todavía no cambió nada (pon una carta, o roba con draw)",
           "problems": "{n} problema(s): escribe check para verlos", "valid": "la jugada vale",
           "undone": "deshecho: {step}", "not_valid": "todavía no vale:\n{why}\n(arréglalo, o undo, draw o give up)",
           "no_hint": "sin pista: {why}", "hint_none": "pista: no se puede jugar nada desde el principio de este "
                                                     "turno; roba (draw)",
           "hint_better": " (lo mejor que se encontró a tiempo; puede haber algo mejor)",
           "hint": "pista: puedes jugar {n} carta(s) ({cards}){found}:",
           "hint_apply": "(escribe hint apply para colocarla)",
           "unreadable": "no puedo leer esa línea: escribe help", "cannot": "no se puede: {why}",
           "unknown": "orden desconocida {line!r}: escribe help",
           "intro": "Tu turno: reordena la mesa con take / move / split / merge y termina con commit "
                    "(o draw, o give up). help lista todas las órdenes.",
           "prompt": "Asiento {seat}, tu jugada (una orden; help las lista): "},
}

_C = r"(\S+)"
#: English message patterns and their Spanish words (the first that matches a whole line wins).
_ES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), s) for p, s in (
    # the meld a problem is about
    (r"meld (\d+) (\[.*?\]|\(empty\)): (.*)", "combinación \\1 \\2: \\3"),
    # the workspace's steps
    (r"not a card: (.*)", "no es una carta: \\1"),
    (r"(.*): write a joker as JK or JK=7H", "\\1: escribe un comodín como JK o JK=7H"),
    (r"(.*) is not a card \((.*)\)", "\\1 no es una carta (\\2)"),
    (r"seat (\d+) is not to act", "no le toca al asiento \\1"),
    (r"nobody is to act: the game is over", "no le toca a nadie: la partida terminó"),
    (r"no meld (.*) \(melds are (\d+)\.\.(-?\d+), or (\d+) for a new one\)",
     "no hay combinación \\1 (van de la \\2 a la \\3, o \\4 para una nueva)"),
    (r"no meld (.*) \(melds are (\d+)\.\.(-?\d+)\)", "no hay combinación \\1 (van de la \\2 a la \\3)"),
    (r"meld (\d+) (\[.*\]) has no (.*)", "la combinación \\1 \\2 no tiene \\3"),
    (r"meld (\d+) has several jokers: say which, e\.g\. (.*)", "la combinación \\1 tiene varios comodines: "
                                                              "di cuál, por ejemplo \\2"),
    (r"only a joker can be declared", "solo se declara un comodín"),
    (rf"{_C} is not in your hand", "\\1 no está en tu mano"),
    (r"say which card the joker stands for, e\.g\. take JK=7H", "di qué carta representa el comodín, "
                                                                 "por ejemplo take JK=7H"),
    (rf"no {_C} of yours is on the table \(table cards must stay there\)",
     "no hay ningún \\1 tuyo en la mesa (las cartas de la mesa se quedan en ella)"),
    (rf"{_C} is on no meld", "\\1 no está en ninguna combinación"),
    (rf"{_C} is in melds (.*): say which", "\\1 está en las combinaciones \\2: di en cuál"),
    (r"the card is already in that meld", "la carta ya está en esa combinación"),
    (r"declare a joker as a card, e\.g\. 7H", "declara el comodín como una carta, por ejemplo 7H"),
    (r"split at a number of cards or a card, not (.*)", "divide en un número de cartas o en una carta, no en \\1"),
    (r"meld (\d+) has (\d+) cards: split it at 1\.\.(\d+) \(the cards that stay\)",
     "la combinación \\1 tiene \\2 cartas: divídela en 1..\\3 (las cartas que se quedan)"),
    (r"merge two different melds", "junta dos combinaciones distintas"),
    (rf"{_C} is not a joker", "\\1 no es un comodín"),
    (r"swap a natural card for a joker, e\.g\. swap 7H", "cambia una carta natural por un comodín, "
                                                         "por ejemplo swap 7H"),
    (rf"no joker on the table stands for {_C}", "ningún comodín de la mesa representa \\1"),
    (r"that layout drops table cards: (.*)", "esa mesa pierde cartas de la mesa: \\1"),
    (r"that layout needs cards you lack: (.*)", "esa mesa necesita cartas que no tienes: \\1"),
    (r"nothing to undo", "no hay nada que deshacer"),
    (r"the game moved on since this workspace began", "la partida siguió desde que empezó este turno"),
    (r"the stock is empty: play or give up", "el mazo está vacío: juega o ríndete (give up)"),
    (r"name a meld by its number here", "aquí di la combinación por su número"),
    (r"there is no meld (\d+): melds are 1\.\.(\d+) \(or (\d+) / new for a new meld\)",
     "no hay combinación \\1: van de la 1 a la \\2 (o \\3 / new para una nueva)"),
    (r"there is no meld (\d+): melds are 1\.\.(\d+)", "no hay combinación \\1: van de la 1 a la \\2"),
    # the problems of a play and of a meld
    (r"no card from the hand is added \(a play must add at least one, MV-05\)",
     "no pones ninguna carta de la mano (una jugada pone al menos una, MV-05)"),
    (r"not in the hand: (.*)", "no están en la mano: \\1"),
    (r"cards from nowhere \(neither on the table nor played from the hand\): (.*)",
     "cartas que no salen de ninguna parte (ni de la mesa ni de la mano): \\1"),
    (r"played from the hand but not on the new table: (.*)", "jugadas de la mano pero no están en la mesa nueva: \\1"),
    (r"table cards missing from the new table \(they must stay on the table\): (.*)",
     "faltan cartas de la mesa en la mesa nueva (tienen que quedarse en la mesa): \\1"),
    (r"(\d+) joker\(s\) left the table but only (\d+) were swapped (.*)",
     "\\1 comodín(es) salieron de la mesa pero solo se cambiaron \\2 \\3"),
    (r"an opening play may not change the melds on the table \(MV-11\)",
     "la jugada de apertura no puede cambiar las combinaciones de la mesa (MV-11)"),
    (r"the opening melds are worth (\d+), less than (\d+) \(MV-11\)",
     "las combinaciones de apertura valen \\1, menos de \\2 (MV-11)"),
    (r"an empty meld", "una combinación vacía"),
    (r"a meld of one card", "una combinación de una carta"),
    (r"a meld of two cards", "una combinación de dos cartas"),
    (rf"{_C} is not a French card", "\\1 no es una carta francesa"),
    (r"jokers are not in play", "no se juega con comodines"),
    (r"fewer than (\d+) natural cards", "menos de \\1 cartas naturales"),
    (r"two identical cards \((.*)\)", "dos cartas iguales (\\1)"),
    (r"a group of more than four cards", "un grupo de más de cuatro cartas"),
    (r"K→A is not a run \(the ace is low\)", "K→A no es una escalera (el as va abajo)"),
    (r"the ranks of a run must be consecutive", "los números de una escalera tienen que ser seguidos"),
    (r"neither a group \(one rank\) nor a run \(one suit\)", "ni un grupo (un número) ni una escalera (un palo)"),
    (r"valid", "vale"),
))


def spanish(message: str) -> str:
    """``message`` (a workspace message or a play's problems, one per line) in Spanish;
    a line no pattern knows stays as it is."""
    return "\n".join(_line(line) for line in str(message).split("\n"))


def _line(line: str) -> str:
    for pattern, words in _ES:
        match = pattern.fullmatch(line)
        if match is not None:
            text = match.expand(words)
            if pattern is _ES[0][0]:  # a meld's problem: its reason in Spanish too
                head, _, reason = text.partition(": ")
                return f"{head}: {_line(reason)}"
            return text
    return line
