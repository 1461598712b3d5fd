"""Machiavelli for terminals: events told in words, the table drawn, and a turn at the keyboard.

- :func:`describe_event`: one line per event (``naipes play``, ``naipes demo``);
- :func:`render` (what :meth:`View.render <naipes.machiavelli.view.View.render>`
  returns), :func:`render_table`, :func:`render_hand`;
- :func:`terminal_turn`: a turn driven by a small command language over the
  workspace. Melds are numbered from 1 on screen. Every command is checked; a
  bad one is explained and changes nothing, and nothing reaches the game until
  the turn ends with ``commit``, ``draw`` or ``give up``.

>>> from naipes.machiavelli.events import DrawMade
>>> describe_event(DrawMade(seat=1, count=1, penalty=False, hand_size=12, stock_size=40))
'seat 1 draws (12 cards in hand, 40 in the stock)'
>>> describe_event(DrawMade(seat=1, count=1, penalty=False, hand_size=12, stock_size=40), lang="es")
'el asiento 1 roba (12 cartas en la mano, 40 en el mazo)'

>>> from naipes.machiavelli import Game, Rules
>>> game = Game.from_position(Rules(players=2), hands=["7H 7D JS 2C", "KD"],
...                           table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
>>> lines = iter(["take 7H", "split 1 at 7S", "move 7S from 9 to 3", "move 7S from 4 to 3",
...               "take 7D to 3", "check", "take JS to 2", "commit"])
>>> out = []
>>> move = terminal_turn(game, 0, lambda prompt: next(lines), out.append)
>>> str(move)
'play 7H 7D JS: [4S 5S 6S] [JS JH JD JC] [7S 7H 7D] [8S 9S 10S]'
>>> print(out[-1])
the play is valid: type commit
>>> [line for line in out if line.startswith("cannot")]
['cannot do that: there is no meld 9: melds are 1..4']

.. versionadded:: 0.1
.. versionchanged:: 1.0
   The former ``naipes.machiavelli.terminal`` (``terminal_turn``, ``TerminalTurn``,
   ``HELP``) and the drawing of ``naipes.machiavelli.view`` (``render_table``,
   ``render_hand``) moved here.
.. versionchanged:: 1.1
   ``describe_event(event, lang="es")`` tells events in Spanish; ``render(view, you=False)``
   for a seat no person plays; seats are "seat N" (1.0: "PN"); :func:`lower_is_better`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence

from naipes._card_words import card_words, cards_words
from naipes._i18n import seats_text, winners_text
from naipes.cards import Card
from naipes.errors import IllegalMoveError, NaipesError
from naipes.events import Event, MovePlayed
from naipes.machiavelli import events as ev
from naipes.machiavelli import moves as mv
from naipes.machiavelli._turn_words import HELP_ES, TURN, spanish
from naipes.machiavelli.melds import Meld, format_table
from naipes.machiavelli.moves import Move
from naipes.machiavelli.workspace import Workspace, WorkspaceError

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game
    from naipes.machiavelli.view import View

__all__ = ["HELP", "TerminalTurn", "completions", "describe_decision", "describe_event", "describe_move", "lower_is_better", "render", "render_hand",
           "render_table", "result_unit", "terminal_turn"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards)


def _points(points: Sequence[int]) -> str:
    return ", ".join(f"seat {s} {p}" for s, p in enumerate(points))


def _notation(cards: Sequence[Card]) -> str:
    """Cards as moves write them (``7c 10S``): what a log shows next to the moves."""
    return " ".join(map(str, cards)) or "-"


def _c(card: object, lang: str = "en") -> str:
    """One card in words for the log ("the seven of coins"); notation for what is not a card."""
    return card_words(card, lang) if isinstance(card, Card) else str(card)


def _ws(cards: Sequence[object], lang: str = "en") -> str:
    """Cards in words for the log ("the six of clubs and the king of coins")."""
    return cards_words([c for c in cards if isinstance(c, Card)], lang)


def _play(e: ev.PlayMade) -> str:
    joker = f", takes back {e.jokers_taken} joker(s)" if e.jokers_taken else ""
    left = "goes out!" if not e.hand_size else f"{e.hand_size} cards left"
    melds = "1 meld" if len(e.table) == 1 else f"{len(e.table)} melds"
    return f"seat {e.seat} plays {_ws(e.cards)}{joker} ({left}); {melds} on the table"


def _cut(e: ev.DeckCut) -> str:
    rounds = "; then ".join(", ".join(f"seat {s} {_c(c)}" for s, c in r) for r in e.rounds)
    return f"cut for the first player: {rounds}: seat {e.first_player} starts"


def _won(e: ev.HandEnded) -> str:
    how = "went out" if e.went_out else "the stock ran out"
    return f"hand {e.hand} won by {seats_text(e.winners)} ({how}); points: {_points(e.points)}"


def _over(e: ev.GameEnded) -> str:
    r = e.result
    return f"game over: {winners_text(r.winners)}; scores: {_points(r.scores)}"


_TELL: dict[type, Callable[..., str | None]] = {
    ev.DeckCut: _cut,
    ev.HandStarted: lambda e: (f"hand {e.hand}: {e.hand_sizes[0]} cards each, {e.stock_size} in the stock; "
                               f"seat {e.first} starts"),
    ev.CardsDealt: lambda e: (f"seat {e.seat} is dealt {_ws(e.cards)}" if e.cards
                              else f"seat {e.seat} is dealt {e.count} card{'' if e.count == 1 else 's'}"),
    ev.PlayMade: _play,
    ev.DrawMade: lambda e: (f"seat {e.seat} draws {e.count} penalty card(s)" if e.penalty else f"seat {e.seat} draws")
    + f" ({e.hand_size} cards in hand, {e.stock_size} in the stock)",
    ev.CardDrawn: lambda e: f"seat {e.seat} drew {_c(e.card)}",
    ev.TurnFailed: lambda e: (f"seat {e.seat} fails the turn ({e.reason.value.replace('_', ' ')}): "
                              "the table is restored"),
    ev.HandEnded: _won,
    ev.PointsScored: lambda e: f"totals: {_points(e.totals)}",
    ev.GameEnded: _over,
}


def _points_es(points: Sequence[int]) -> str:
    return ", ".join(f"asiento {s} {p}" for s, p in enumerate(points))


def _play_es(e: ev.PlayMade) -> str:
    joker = f", recupera {e.jokers_taken} comodín(es)" if e.jokers_taken else ""
    left = "¡se queda sin cartas!" if not e.hand_size else f"le quedan {e.hand_size} cartas"
    melds = "1 combinación" if len(e.table) == 1 else f"{len(e.table)} combinaciones"
    return f"el asiento {e.seat} juega {_ws(e.cards, 'es')}{joker} ({left}); {melds} en la mesa"


_FAILED_ES = {"gave_up": "se rinde", "timeout": "se le acaba el tiempo"}

_TELL_ES: dict[type, Callable[..., str | None]] = {
    ev.DeckCut: lambda e: ("corte para ver quién empieza: "
                           + "; luego ".join(", ".join(f"asiento {s} {_c(c, 'es')}" for s, c in r) for r in e.rounds)
                           + f": empieza el asiento {e.first_player}"),
    ev.HandStarted: lambda e: (f"mano {e.hand}: {e.hand_sizes[0]} cartas cada uno, {e.stock_size} en el mazo; "
                               f"empieza el asiento {e.first}"),
    ev.CardsDealt: lambda e: (f"el asiento {e.seat} recibe {_ws(e.cards, 'es')}" if e.cards
                              else f"el asiento {e.seat} recibe {e.count} carta{'' if e.count == 1 else 's'}"),
    ev.PlayMade: _play_es,
    ev.DrawMade: lambda e: (f"el asiento {e.seat} roba {e.count} carta(s) de castigo" if e.penalty
                            else f"el asiento {e.seat} roba")
    + f" ({e.hand_size} cartas en la mano, {e.stock_size} en el mazo)",
    ev.CardDrawn: lambda e: f"el asiento {e.seat} robó {_c(e.card, 'es')}",
    ev.TurnFailed: lambda e: (f"el asiento {e.seat} falla el turno ({_FAILED_ES.get(e.reason.value, e.reason.value)}): "
                              "la mesa vuelve a como estaba"),
    ev.HandEnded: lambda e: (f"la mano {e.hand} la gana{'n' if len(e.winners) > 1 else ''} "
                             f"{seats_text(e.winners, 'es')} "
                             f"({'se quedó sin cartas' if e.went_out else 'se acabó el mazo'}); "
                             f"puntos: {_points_es(e.points)}"),
    ev.PointsScored: lambda e: f"totales: {_points_es(e.totals)}",
    ev.GameEnded: lambda e: (f"fin de la partida: {winners_text(e.result.winners, 'es')}; "
                             f"puntos: {_points_es(e.result.scores)}"),
}


def describe_event(event: Event, lang: str = "en") -> str | None:
    """One line telling ``event`` (its class name for events of other games).

    :class:`~naipes.events.MovePlayed` gives ``None``: the move itself is told
    by whoever shows the history.

    Args:
        event: the event.
        lang: ``en`` or ``es`` (Spanish).

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       ``lang``.
    """
    if isinstance(event, MovePlayed):
        return None
    tell = (_TELL_ES if lang == "es" else _TELL).get(type(event))
    return tell(event) if tell is not None else type(event).__name__


def lower_is_better(rules: object, lang: str = "en") -> str | None:
    """What the scores count when a lower score is better: a session's penalty points.

    A session (``Rules.mode == "session"``) adds penalty points until a total
    reaches the threshold, and the lowest total wins; a single deal's scores are
    the winners' pot, higher being better (``None``).

    >>> from naipes.machiavelli import Rules
    >>> lower_is_better(Rules()), lower_is_better(Rules(mode="single_deal"))
    ('penalty points', None)

    .. versionadded:: 1.1
    """
    if getattr(rules, "mode", "session") != "session":
        return None
    return "puntos de castigo" if lang == "es" else "penalty points"


# -- drawing ----------------------------------------------------------------------------
#: The words of :func:`render`, by language.
_RENDER = {
    "en": {"head": "Machiavelli: hand {hand}, stock {stock} cards, ", "to_act": "seat {seat} to act",
           "over": "game over", "seat": "seat", "you": " (you)", "card": "1 card", "cards": "{n} cards",
           "total": "total", "not_opened": ", not opened", "jokers": ", {n} joker(s) known",
           "table": "Table:", "table_empty": "Table: (empty)", "hand": "Your hand: ",
           "hand_of": "Hand of seat {seat}: "},
    "es": {"head": "Machiavelli: mano {hand}, mazo {stock} cartas, ", "to_act": "le toca al asiento {seat}",
           "over": "fin de la partida", "seat": "asiento", "you": " (tú)", "card": "1 carta",
           "cards": "{n} cartas", "total": "total", "not_opened": ", sin abrir",
           "jokers": ", {n} comodín(es) conocidos", "table": "Mesa:", "table_empty": "Mesa: (vacía)",
           "hand": "Tu mano: ", "hand_of": "Mano del asiento {seat}: "},
}


def render(view: View, *, you: bool = True, lang: str = "en") -> str:
    """The table drawn for a terminal: totals, hand sizes, melds (numbered from 1), the hand.

    Each seat's total is ``view.scores`` (``game.scores``): what the events' "totals"
    and the result's scores say (a single deal's final scores, once it is over).

    Args:
        view: the view to draw.
        you: whether a person plays the seat (``False``: no "(you)", "Hand of seat N:").
        lang: ``en`` or ``es``.

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       ``you`` and ``lang``; seats are "seat N".
    """
    w = _RENDER.get(lang, _RENDER["en"])
    n = len(view.hand_sizes)
    lines = [w["head"].format(hand=view.hand_number, stock=view.stock_size)
             + (w["to_act"].format(seat=view.to_act[0]) if view.to_act else w["over"])]
    for s in range(n):
        tag = w["you"] if s == view.seat and you else ""
        extra = "" if view.opened[s] or not view.rules.initial_meld_min else w["not_opened"]
        joker = w["jokers"].format(n=view.known_jokers[s]) if view.known_jokers[s] else ""
        cards = w["card"] if view.hand_sizes[s] == 1 else w["cards"].format(n=view.hand_sizes[s])
        lines.append(f"  {w['seat']} {s}{tag}: {cards}, {w['total']} {view.scores[s]}{extra}{joker}")
    lines.append(w["table"] if view.table else w["table_empty"])
    lines.extend(render_table(view.table))
    lines.append((w["hand"] if you else w["hand_of"].format(seat=view.seat)) + render_hand(view.hand))
    return "\n".join(lines)


_render = render  # terminal_turn's ``render`` argument hides the function


def render_table(table: Sequence[Meld], *, base: int = 1) -> list[str]:
    """Lines ``  1: [4♠ 5♠ 6♠]``, one per meld, numbered from ``base``.

    >>> from naipes.machiavelli.melds import parse_table
    >>> render_table(parse_table("[4S 5S 6S] [JK=8H 8D 8C]"))
    ['  1: [4♠ 5♠ 6♠]', '  2: [JK=8♥ 8♦ 8♣]']

    .. versionadded:: 0.1
    """
    return [f"  {i}: {m.format(symbols=True) if len(m) else '(empty)'}" for i, m in enumerate(table, base)]


def render_hand(hand: Sequence[Card]) -> str:
    """The hand sorted by suit and rank, with suit symbols.

    >>> render_hand(Card.parse_many("KH 2S JK 3S"))
    '2♠ 3♠ K♥ JK'

    .. versionadded:: 0.1
    """
    order = {"S": 0, "H": 1, "D": 2, "C": 3}
    cards = sorted(hand, key=lambda c: (order.get(c.suit.value, 9) if c.suit else 9, c.rank))
    return " ".join(c.symbol() for c in cards) or "(empty)"


# -- a turn at the keyboard -------------------------------------------------------------
HELP = """\
Commands (melds are numbered from 1; a card is written 7H, 10S, QD, or JK=7H for a joker):
  take 7H [to N]              put a hand card on meld N (default: a new meld)
  back 7H [from N]            put a card you took back into your hand
  move 8S from 2 to 5         move one table card between melds ("to new" for a new meld)
  move JK=8H from 2 to 3 as 9H   move a joker and say what it stands for now
  split 1 at 4                meld 1 keeps its first 4 cards; the rest become a new meld
  split 1 at 8S               split meld 1 just before 8S
  merge 2 3                   put all of meld 3 into meld 2
  swap 7H [in N]              put 7H in place of the joker standing for 7H; the joker comes to your hand
  declare JK=8H in 3 as 9H    change what a joker stands for
  check                       say what is invalid now, and why
  undo | reset                undo the last step | go back to the start of the turn
  show                        draw the table and your hand again
  hint | hint apply           the best play (exact solver) | lay it out in your workspace
  commit                      end the turn with this table (it must be valid)
  draw                        forget the rearrangement, take a card from the stock
  give up                     the failed turn: table restored, you draw the penalty
  help                        this text"""

_WORDS = ("check", "undo", "reset", "show", "hint", "hint apply", "commit", "draw", "give up", "help")


def completions(view: View) -> list[str]:
    """What Tab completes at a terminal turn: ``take`` with each hand card, the other commands.

    >>> from naipes.machiavelli import Game, Rules
    >>> game = Game.from_position(Rules(players=2), hands=["7H KD", "2C"], table="[4S 5S 6S]", stock="KH")
    >>> completions(game.view(0))[:3]
    ['take 7H', 'take KD', 'move ']

    .. versionadded:: 1.1
    """
    takes = [f"take {c}" for c in dict.fromkeys(view.hand)]
    return takes + ["move ", "split ", "merge ", "swap ", "declare ", "back "] + list(_WORDS)


_CARD = r"(JK(?:=\S+)?|\S+)"
_MAX_LINE = 1_000  # the longest command line read
_HINT_SECONDS = 1.0  # the solver's budget for a hint
_MELD = r"([0-9]{1,6}|new)"


class TerminalTurn:
    """The interpreter behind :func:`terminal_turn` (one instance per turn).

    Args:
        workspace: the turn's workspace (built from the player's view).
        say: prints one message.
        lang: the language of its messages and help (``en`` or ``es``; the commands are
            typed in English in both).

    .. versionadded:: 0.1
    .. versionchanged:: 1.2
       ``lang``.
    """

    def __init__(self, workspace: Workspace, say: Callable[[str], None], lang: str = "en") -> None:
        self.ws = workspace
        self.lang = "es" if lang == "es" else "en"
        self.words = TURN[self.lang]
        self.say = say
        self.hint_table: str | None = None
        self._commands: list[tuple[re.Pattern[str], Callable[..., Move | None]]] = [
            (re.compile(rf"(?i)take {_CARD}(?: (?:to|on|in) {_MELD})?"), self._take),
            (re.compile(rf"(?i)(?:back|put back|return) {_CARD}(?: from {_MELD})?"), self._back),
            (re.compile(rf"(?i)put {_CARD} back(?: from {_MELD})?"), self._back),
            (re.compile(rf"(?i)move {_CARD} from {_MELD} to {_MELD}(?: as (\S+))?"), self._move),
            (re.compile(rf"(?i)split {_MELD} at (\S+)"), self._split),
            (re.compile(rf"(?i)merge {_MELD}(?: and| into)? {_MELD}"), self._merge),
            (re.compile(rf"(?i)swap {_CARD}(?: (?:in|on) {_MELD})?"), self._swap),
            (re.compile(rf"(?i)declare {_CARD} in {_MELD} as (\S+)"), self._declare),
            (re.compile(r"(?i)(check|undo|reset|show|hint|hint apply|commit|draw|give up|giveup|forfeit|help|\?)"),
             self._word),
        ]

    # -- helpers ------------------------------------------------------------------------
    def _t(self, key: str, **fields: object) -> str:
        text = self.words[key]
        return text.format(**fields) if fields else text

    def _local(self, message: object) -> str:
        """A workspace message in the turn's language."""
        return spanish(str(message)) if self.lang == "es" else str(message)

    def _index(self, text: str | None, *, allow_new: bool = False) -> int | None:
        if text is None or text == "NEW":
            if text == "NEW" and not allow_new:
                raise WorkspaceError("name a meld by its number here")
            return None
        n = int(text)
        count = len(self.ws.melds)
        if allow_new and n == count + 1:
            return None
        if not 1 <= n <= count:
            more = f" (or {count + 1} / new for a new meld)" if allow_new else ""
            raise WorkspaceError(f"there is no meld {n}: melds are 1..{count}{more}")
        return n - 1

    def show(self) -> None:
        """Print the working table and hand, and whether the play is valid."""
        lines = [self._t("table") if self.ws.melds else self._t("table_empty")]
        lines.extend(render_table(self.ws.melds))
        lines.append(self._t("hand") + render_hand(self.ws.hand))
        self.say("\n".join(lines))

    def status(self) -> None:
        """Say in one line whether the play can be committed."""
        problems = self.ws.problems()
        if not problems:
            self.say(self._t("valid_commit"))
        elif not self.ws.changed:
            self.say(self._t("unchanged"))
        else:
            self.say(self._t("problems", n=len(problems)))

    # -- commands -----------------------------------------------------------------------
    def _take(self, card: str, to: str | None) -> None:
        self.ws.take(card, self._index(to, allow_new=True))

    def _back(self, card: str, source: str | None) -> None:
        self.ws.put_back(card, self._index(source))

    def _move(self, card: str, source: str, to: str, declare: str | None) -> None:
        src = self._index(source)
        assert src is not None
        self.ws.move(card, src, self._index(to, allow_new=True), declare=declare)

    def _split(self, meld: str, at: str) -> None:
        index = self._index(meld)
        assert index is not None
        self.ws.split(index, int(at) if at.isdigit() else at)

    def _merge(self, into: str, other: str) -> None:
        a, b = self._index(into), self._index(other)
        assert a is not None and b is not None
        self.ws.merge(a, b)

    def _swap(self, card: str, meld: str | None) -> None:
        self.ws.swap(card, self._index(meld))

    def _declare(self, joker: str, meld: str, card: str) -> None:
        index = self._index(meld)
        assert index is not None
        self.ws.declare(index, joker, card)

    def _word(self, word: str) -> Move | None:
        if word in ("help", "?"):
            self.say(HELP_ES if self.lang == "es" else HELP)
        elif word == "check":
            self.say(self._t("valid") if self.ws.is_valid else self.ws.explain(self.lang))
        elif word == "undo":
            self.say(self._t("undone", step=self.ws.undo()))
            self.show()
        elif word == "reset":
            self.ws.reset()
            self.show()
        elif word == "show":
            self.show()
        elif word.startswith("hint"):
            self._hint(apply=word == "hint apply")
        elif word == "commit":
            return self._commit()
        elif word == "draw":
            return self.ws.draw()
        elif word in ("give up", "giveup", "forfeit"):
            return self.ws.give_up()
        return None

    def _commit(self) -> Move | None:
        try:
            return self.ws.to_move()
        except IllegalMoveError:
            self.say(self._t("not_valid", why=self.ws.explain(self.lang)))
            return None

    def _hint(self, *, apply: bool) -> None:
        if apply and self.hint_table is not None:
            self.ws.arrange(self.hint_table)
            self.show()
            self.status()
            return
        from naipes.machiavelli.solver import Budget, solve

        view = self.ws.view
        try:
            best = solve(view.table, view.hand, view.rules, opened=view.is_opened, budget=Budget(seconds=_HINT_SECONDS))
        except NaipesError as exc:
            self.say(self._t("no_hint", why=self._local(exc)))
            return
        if best is None:
            self.say(self._t("hint_none"))
            return
        self.hint_table = format_table(best.table)
        cards = " ".join(c.symbol() for c in best.played)
        found = "" if best.optimal else self._t("hint_better")
        self.say(self._t("hint", n=best.count, cards=cards, found=found) + "\n"
                 + "\n".join(render_table(best.table))
                 + ("" if apply else "\n" + self._t("hint_apply")))
        if apply:
            self.ws.arrange(self.hint_table)
            self.show()
            self.status()

    def run_line(self, line: str) -> Move | None:
        """Run one command; returns the move when the turn ends, else ``None``.

        Never raises for bad input: every problem is explained through ``say``.
        """
        if not isinstance(line, str) or len(line) > _MAX_LINE:
            self.say(self._t("unreadable"))
            return None
        text = " ".join(line.strip().split())
        for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
            text = text.replace(symbol, letter)
        if not text:
            return None
        for pattern, action in self._commands:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            args = [g.lower() if action == self._word else g.upper() if g else None for g in match.groups()]
            try:
                result = action(*args)
            except (NaipesError, ValueError) as exc:
                self.say(self._t("cannot", why=self._local(exc)))
                return None
            if result is None and action != self._word:
                self.show()
                self.status()
            return result
        self.say(self._t("unknown", line=line.strip()))
        return None


def terminal_turn(game: Game, seat: int, ask: Callable[[str], str], say: Callable[[str], None], *,
                  render: bool = False, lang: str = "en") -> Move:
    """Run one Machiavelli turn for a person at a terminal; return the move to play.

    Args:
        game: the game (only read: the caller plays the returned move).
        seat: the human's seat, which must be to act.
        ask: reads one line (given a prompt).
        say: prints one message.
        render: draw the table first (``naipes play`` has drawn it already).
        lang: the language of the turn's prompt, messages and help (``en`` or ``es``;
            the commands are typed in English in both).

    Returns:
        A :class:`~naipes.machiavelli.moves.Play` (validated), a ``Draw`` or a ``Forfeit``.

    Raises:
        WorkspaceError: when ``seat`` is not to act. (``ask`` may raise
            ``EOFError``; it is passed on.)

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       ``lang``.
    .. versionchanged:: 1.2
       The messages and the help in ``lang`` too.
    """
    ws = Workspace(game.view(seat), numbering=1)
    turn = TerminalTurn(ws, say, lang)
    if render:
        say(_render(game.view(seat), lang=lang))
    say(turn._t("intro"))
    prompt = turn._t("prompt", seat=seat)
    while True:
        move = turn.run_line(ask(prompt))
        if move is not None:
            return move


def describe_move(move: Move, view: View | None = None, lang: str = "en") -> str:
    """A move in the words a person reads (``draw from the stock``; ``es``: ``roba del mazo``).

    >>> describe_move(mv.DRAW), describe_move(mv.Move.parse("play 7H 8H 9H: [7H 8H 9H]"), lang="es")
    ('draw from the stock', 'baja el siete de corazones, el ocho de corazones y el nueve de corazones a la mesa')

    .. versionadded:: 1.2
    """
    es = lang == "es"
    if isinstance(move, mv.Play):
        if not move.cards:
            return "reordena la mesa" if es else "rearrange the table"
        cards = cards_words(move.cards, lang)
        return f"baja {cards} a la mesa" if es else f"lay {cards} on the table"
    if isinstance(move, mv.Forfeit):
        if move.reason is mv.ForfeitReason.TIMEOUT:
            return "se acabó el tiempo: roba las cartas de castigo" if es else "out of time: take the penalty cards"
        return "ríndete y roba las cartas de castigo" if es else "give up the turn and take the penalty cards"
    if isinstance(move, mv.Draw):
        return "roba del mazo" if es else "draw from the stock"
    return str(move)


def describe_decision(view: View, lang: str = "en", names: Sequence[str] | None = None) -> str | None:
    """The open decision in public words (``Seat 1 to play: lay cards on the table, or draw``),
    naming the players by ``names`` where they have one (``""``: "Seat N").

    >>> from naipes.machiavelli import Game
    >>> game = Game(seed=1)
    >>> describe_decision(game.view(game.to_act[0])).endswith("lay cards on the table, or draw")
    True
    >>> describe_decision(game.view(2), "es", ["Ana", "Bea", "Ceci", "Dani"])
    'Le toca a Ceci: baja cartas a la mesa, o roba'

    .. versionadded:: 1.2
    """
    if not view.to_act:
        return None
    seat = view.to_act[0]
    if lang == "es":
        return f"Le toca {seats_text([seat], lang, names, case='a')}: baja cartas a la mesa, o roba"
    return f"{seats_text([seat], lang, names, start=True)} to play: lay cards on the table, or draw"


def result_unit(rules: object, lang: str = "en") -> str | None:
    """What a game of ``rules`` plays: ``"the deal"`` (``"la mano"``) in ``single_deal`` mode,
    else ``None`` (a session: the whole game).

    >>> from naipes.machiavelli import Rules
    >>> result_unit(Rules(mode="single_deal")), result_unit(Rules(mode="single_deal"), "es"), result_unit(Rules())
    ('the deal', 'la mano', None)

    .. versionadded:: 1.2
    """
    if getattr(rules, "mode", "session") != "single_deal":
        return None
    return "la mano" if lang == "es" else "the deal"
