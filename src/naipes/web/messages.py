"""What the server tells a client about a table, in words and zones (no web framework, no game named).

Everything here reads the game's :class:`~naipes.plugin.GamePlugin`: the zones
of the table as one seat sees it (:meth:`~naipes.plugin.GamePlugin.zones`), a
move in words (:meth:`~naipes.plugin.GamePlugin.describe_move`), the open
decision (:meth:`~naipes.plugin.GamePlugin.describe_decision`) and the units a
move ends (:meth:`~naipes.plugin.GamePlugin.boundary`). A spectator gets the
*public* table: what every seat sees of each zone (:func:`public_zones`).

>>> from naipes.plugin import plugin
>>> p = plugin("machuco")
>>> game = p.new_game(p.rules(players=2), seed=1)
>>> hands = [z for z in public_zones(p, game) if z["kind"] == "hand"]
>>> [(z["seat"], z["cards"], z["hidden"]) for z in hands]
[(0, [], 3), (1, [], 3)]
>>> legal_entries(p, game.view(game.to_act[0]), "en")[0]["text"].startswith("play the")
True
>>> result_entry(p, game, 0, "en") is None
True

.. versionadded:: 1.2
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

import attrs

from naipes._hooks import call as _call
from naipes._i18n import seats_text
from naipes._jsonable import JSON
from naipes.cards import Card
from naipes.errors import NaipesError
from naipes.events import Event
from naipes.game import Game
from naipes.plugin import GamePlugin, Zone
from naipes.web.names import name_seats

if TYPE_CHECKING:
    from naipes.web.tables import Listener, Table

__all__ = ["LANGS", "MAX_PLAYER_NAME", "MAX_TABLE_NAME", "boundaries_of", "clean_name", "decision_text", "error_of",
           "event_texts",
           "history_entries", "lang_of", "legal_entries", "move_cards", "move_entry", "names_of", "position_message",
           "public_zones", "name_of", "result_entry", "seats_of", "strip_rules", "update_message", "zones_of"]

AnyGame = Game[Any, Any, Any]
AnyPlugin = GamePlugin[Any, Any, Any]

#: The languages the server words things in; anything else reads as English.
LANGS = ("en", "es")

#: The longest table name a creator may give (characters, after cleaning).
MAX_TABLE_NAME = 40

#: The longest player name (characters, after cleaning).
MAX_PLAYER_NAME = 24


def lang_of(value: object) -> str:
    """``"es"`` for ``"es"``, else ``"en"`` (any other value, ``None``, a list...)."""
    return "es" if value == "es" else "en"


# -- names -----------------------------------------------------------------------------------
_ADJECTIVES = ("Quiet", "Lucky", "Golden", "Green", "Brave", "Sunny", "Merry", "Swift", "Calm", "Bold",
               "Bright", "Silver", "Red", "Blue", "Old", "Little", "Royal", "Clever", "Happy", "Wild")
_NOUNS = ("Oak", "Harbour", "Lantern", "Olive", "Falcon", "Garden", "River", "Tavern", "Comet", "Fox",
          "Orchard", "Meadow", "Heron", "Cellar", "Anchor", "Willow", "Plaza", "Mill", "Bridge", "Fountain")


def name_of(table_id: str) -> str:
    """The friendly name the server gives a table its creator did not name, made from its id
    (so a table reloaded from the store keeps it).

    >>> name_of("9f3a0c1e") == name_of("9f3a0c1e")
    True
    """
    digest = hashlib.sha256(table_id.encode("utf-8")).digest()
    return f"{_ADJECTIVES[digest[0] % len(_ADJECTIVES)]} {_NOUNS[digest[1] % len(_NOUNS)]}"


def clean_name(value: object, limit: int) -> str:
    """A name a person gave, made safe to show: text only, control and format characters
    dropped, whitespace collapsed, at most ``limit`` characters (``""`` when nothing is left).

    The page still writes it as text, never as markup.

    >>> clean_name("  Ana\\u202e  \\n la\\x00 Grande  ", 12)
    'Ana la Grand'
    >>> clean_name(["not text"], 10)
    ''
    """
    if not isinstance(value, str):
        return ""
    kept = "".join(c for c in value[: limit * 8] if unicodedata.category(c)[0] != "C" or c in " \t\n")
    return " ".join(kept.split())[:limit].strip()


# -- errors ----------------------------------------------------------------------------------
_RULE = r"[A-Z]{2}-\d{2}[a-z]?"
_RULE_PARENS = re.compile(rf"\s*\({_RULE}(?:,\s*{_RULE})*\)")
_RULE_TAIL = re.compile(rf"(?:,|;)\s*{_RULE}(?:,\s*{_RULE})*(?=\))")
_RULE_HEAD = re.compile(rf"\b{_RULE}:\s*")
_RULE_ANY = re.compile(rf"\s*\b{_RULE}\b")


def strip_rules(reason: str) -> tuple[str, str | None]:
    """A reason without the rule ids it quotes, and the first id (``None`` when none).

    >>> strip_rules("no card from the hand is added (a play must add at least one, MV-05)")
    ('no card from the hand is added (a play must add at least one)', 'MV-05')
    >>> strip_rules("MV-02: ties recut (MV-02)")
    ('ties recut', 'MV-02')
    """
    found = re.search(_RULE, reason)
    text = _RULE_PARENS.sub("", reason)
    text = _RULE_TAIL.sub("", text)
    text = _RULE_HEAD.sub("", text)
    text = _RULE_ANY.sub("", text)
    return " ".join(text.split()) or reason, found.group() if found else None


def error_of(exc: NaipesError) -> dict[str, JSON]:
    """The ``error`` message of a refusal: its ``code``, a ``reason`` quoting no rule id, and the
    ruling it applies as ``rule`` (``"MV-05"``, or ``None``)."""
    reason, quoted = strip_rules(str(exc))
    return {"type": "error", "code": exc.code, "reason": reason or exc.code, "rule": exc.rule or quoted}


# -- moves -----------------------------------------------------------------------------------
def move_cards(move: object) -> list[str]:
    """The cards a move names (its fields that hold a card or cards), in notation.

    >>> from naipes.machuco.moves import Move
    >>> move_cards(Move.parse("7o")), move_cards("draw")
    (['7o'], [])
    """
    kind: Any = type(move)
    if not attrs.has(kind):
        return []
    out: list[str] = []
    for field in attrs.fields(kind):
        value = getattr(move, field.name)
        if isinstance(value, Card):
            out.append(str(value))
        elif isinstance(value, (tuple, list)) and value and all(isinstance(c, Card) for c in value):
            out.extend(str(c) for c in value)
    return out


def legal_entries(plugin: AnyPlugin, view: Any, lang: str) -> list[JSON]:
    """The seat's legal moves as ``{move, text, cards}`` (``text`` in ``lang``)."""
    return [{"move": str(m), "text": plugin.describe_move(m, view, lang), "cards": list(move_cards(m))}
            for m in getattr(view, "legal_moves", ())]


def move_entry(plugin: AnyPlugin, index: int, seat: int, move: object, lang: str,
               boundary: str | None = None) -> dict[str, JSON]:
    """One move of the history as the move list shows it."""
    return {"index": index, "seat": seat, "move": str(move), "text": plugin.describe_move(move, None, lang),
            "cards": list(move_cards(move)), "boundary": boundary}


def history_entries(plugin: AnyPlugin, history: Sequence[tuple[int, object]], start: int, lang: str,
                    boundaries: Mapping[int, str]) -> list[JSON]:
    """The moves of ``history`` from index ``start`` on, each a :func:`move_entry`.

    The history is public: a simultaneous window's answers enter it only once
    everyone has answered.
    """
    return [move_entry(plugin, i, s, m, lang, boundaries.get(i)) for i, (s, m) in enumerate(history[start:], start)]


def boundaries_of(plugin: AnyPlugin, events: Iterable[Event]) -> str | None:
    """The largest unit (``deal`` < ``hand`` < ``round``) that one of these events ends, else ``None``."""
    from naipes.plugin import BOUNDARIES

    found = [b for b in (plugin.boundary(e) for e in events) if b is not None]
    return max(found, key=BOUNDARIES.index) if found else None


# -- zones -----------------------------------------------------------------------------------
def _zones(plugin: AnyPlugin, view: Any, lang: str) -> list[Zone]:
    """The plugin's zones of ``view`` in ``lang`` (``lang`` only to a ``zones`` that takes it)."""
    return list(_call(plugin.zones, view, lang=lang))


def zones_of(plugin: AnyPlugin, game: AnyGame, seat: int | None, lang: str = "en") -> list[JSON]:
    """The zones of the table as ``seat`` sees it, as dicts, labelled in ``lang``; a spectator
    (``None``): the public table."""
    if seat is None:
        return public_zones(plugin, game, lang)
    return [z.to_dict() for z in _zones(plugin, game.view(seat), lang)]


def public_zones(plugin: AnyPlugin, game: AnyGame, lang: str = "en") -> list[JSON]:
    """The table as no seat sees it: what *every* seat sees of each zone, labelled in ``lang``.

    A seat's zones are taken as the other seats see them; a shared zone as all
    seats see it. Where the seats do not all see the same cards, the zone shows
    them face down (as a count), so a spectator never sees a hidden card. A game
    of one seat shows that seat's zones face down, labelled by their kind (its
    own labels speak to the seat: "Your hand").
    """
    n = game.num_players
    views = [_zones(plugin, game.view(s), lang) for s in range(n)]
    out: list[Zone] = []
    for s in range(n):
        seen = [[z for z in views[o] if z.seat == s] for o in range(n) if o != s]
        if seen:
            out.extend(_agreed(seen))
        else:
            out.extend(_face_down(z, _KINDS[lang_of(lang)].get(z.kind, z.kind)) for z in views[s] if z.seat == s)
    out.extend(_agreed([[z for z in v if z.seat is None] for v in views]))
    return [z.to_dict() for z in out]


#: What a zone of one seat is called when its own label cannot be shown (:func:`public_zones`).
_KINDS = {"en": {"hand": "Hand", "table": "Table", "pile": "Pile", "foundation": "Foundation", "meld": "Meld",
                 "stock": "Stock", "discard": "Discards", "captured": "Cards won"},
          "es": {"hand": "Mano", "table": "Mesa", "pile": "Montón", "foundation": "Escalera", "meld": "Combinación",
                 "stock": "Mazo", "discard": "Descartes", "captured": "Cartas ganadas"}}


def _agreed(groups: list[list[Zone]]) -> list[Zone]:
    """One zone per position, face up only where every group shows the same cards."""
    first = groups[0]
    if any(len(g) != len(first) for g in groups):
        return [_face_down(z) for z in first]
    out = []
    for i, zone in enumerate(first):
        same = all(g[i].cards == zone.cards and g[i].hidden == zone.hidden for g in groups)
        out.append(zone if same else _face_down(zone))
    return out


def _face_down(zone: Zone, label: str | None = None) -> Zone:
    return attrs.evolve(zone, cards=(), hidden=zone.count, label=zone.label if label is None else label)


# -- the decision and the result -------------------------------------------------------------
def names_of(table: Table, lang: str = "en") -> list[str]:
    """Each seat's name in ``lang`` (:func:`naipes.web.names.seat_names`): the player's, a bot's kind
    ("Strong bot", numbered when repeated), ``""`` where a person gave none (the words then say "Seat N").

    .. versionchanged:: 1.2
       Bots are named by their kind; ``lang``.
    """
    from naipes.web.names import seat_names

    return seat_names(table, lang_of(lang))


_TO_ACT = {"en": ("{seats} to play", "{seats} to answer"), "es": ("Le toca {seats}", "Responden {seats}")}


def decision_text(plugin: AnyPlugin, game: AnyGame, lang: str, names: Sequence[str] | None = None) -> str | None:
    """The open decision in words, the same for every client (``None`` once the game is over).

    The game's :meth:`~naipes.plugin.GamePlugin.describe_decision` (asked with the
    view of the first seat to act; it words only public facts), else whose turn it
    is. ``names``: each seat's player name (``""``: none), for the words to name the
    players ("Ana may claim 7c..."), else the seats ("Seat 2 may claim 7c...").
    """
    to_act = game.to_act
    if not to_act:
        return None
    lang = lang_of(lang)
    said = _call(plugin.describe_decision, game.view(to_act[0]), lang, names=names)
    if said:
        return str(said)
    one, several = _TO_ACT[lang]
    case = "a" if lang == "es" and len(to_act) == 1 else ""
    return (one if len(to_act) == 1 else several).format(
        seats=seats_text(to_act, lang, names, case=case, start=lang == "en"))


#: The result's words: ``{unit}`` "the hand", ``{score}`` " 18–6" (or ""), ``{who}`` the winners.
_RESULT = {
    "en": {"won": "You won {unit}{score}", "won_with": "You won {unit}{score}, with {who}",
           "lost": "You lost {unit}{score}: {who} won", "they_won": "{who} won {unit}{score}",
           "nobody": "Nobody won {unit}{score}"},
    "es": {"won": "Has ganado {unit}{score}", "won_with": "Has ganado {unit}{score}, con {who}",
           "lost": "Has perdido {unit}{score}: gana {who}", "lost_many": "Has perdido {unit}{score}: ganan {who}",
           "they_won": "{who} ha ganado {unit}{score}", "they_won_many": "{who} han ganado {unit}{score}",
           "nobody": "Nadie ha ganado {unit}{score}"},
}


def _result_text(seat: int | None, winners: Sequence[int], sides: Sequence[Sequence[int]],
                 lang: str) -> tuple[str, Sequence[int]]:
    """The result's template in ``lang`` and the seats its ``{who}`` names."""
    w = _RESULT[lang]
    many = "_many" if len(winners) > 1 and lang == "es" else ""
    if not winners:
        return w["nobody"], ()
    if seat is None:
        return w["they_won" + many], winners
    if seat in winners:
        mates = [s for s in winners if s != seat and not any(seat in side and s in side for side in sides)]
        return (w["won_with"], mates) if mates else (w["won"], ())
    return w["lost" + many], winners


def result_entry(plugin: AnyPlugin, game: AnyGame, seat: int | None, lang: str,
                 names: Sequence[str] | None = None) -> dict[str, JSON] | None:
    """How the game ended, from ``seat``'s side (``None`` while it runs), naming the unit one
    game plays (:meth:`~naipes.plugin.GamePlugin.result_unit`).

    ``text`` reads "You won the hand 18–6" (your side's score first), "You lost the
    hand 6–18: seat 1 won", or for a spectator "Seat 1 won the hand 18–6" (the
    winners' side first); more than two scores read "2 · -12 · 2 · 8". Players are
    named by ``names`` where they have one (``""``: by their seat).
    ``you_won`` is ``None`` for a spectator.
    """
    result = game.result if game.is_over else None
    if result is None:
        return None
    lang = lang_of(lang)
    winners = [int(s) for s in result.winners]
    sides = list(game.sides)
    first = next((i for i, side in enumerate(sides) if seat in side), None) if seat is not None else None
    if first is None:
        first = next((i for i, side in enumerate(sides) if winners and winners[0] in side), 0)
    scores = [int(x) for x in result.scores]
    score = ""
    if scores and first < len(scores):
        order = [scores[first], *(x for i, x in enumerate(scores) if i != first)]
        score = " " + ("\u2013" if len(order) == 2 else " \u00b7 ").join(str(x) for x in order)
    unit = plugin.result_unit(game.rules, lang)
    template, who = _result_text(seat, winners, sides, lang)
    named = seats_text(who, lang, names, start=template.startswith("{who}")) if who else ""
    text = template.format(unit=unit, score=score, who=named)
    lower = plugin.lower_is_better(game.rules, lang)
    if lower:
        text += f" ({lower})"
    return {"text": text, "winners": winners, "scores": scores, "unit": unit,
            "you_won": None if seat is None else seat in winners, "lower_is_better": lower}


# -- whole messages ----------------------------------------------------------------------------
def seats_of(table: Table, lang: str = "en") -> list[JSON]:
    """Who sits where, with each seat's name in ``lang`` (:func:`names_of`; "Seat N" for none) and, for
    an open seat, its invite link (a path; ``None`` for a seat kept for a rematch's player)."""
    names = names_of(table, lang)
    seat = "Asiento" if lang_of(lang) == "es" else "Seat"
    return [{**s.to_dict(), "name": names[s.index] or f"{seat} {s.index}",
             "invite": f"/?table={table.id}&seat={s.index}"
             if s.status == "open" and s.index not in table.reserved else None}
            for s in table.seats]


def _cached(cache: dict[object, Any], key: object, make: Any) -> Any:
    if key not in cache:
        cache[key] = make()
    return cache[key]


def event_texts(plugin: AnyPlugin, event: Event) -> dict[str, str | None]:
    """An event in words in every language of :data:`LANGS` (``None`` where the game says nothing).

    An ``update`` sends them all, so a page that switches its language re-words the log it
    already shows without asking the server again (the log only grows; its events are not
    sent twice).
    """
    return {lang: plugin.describe_event(event, lang) for lang in LANGS}


def update_message(table: Table, listener: Listener, cache: dict[object, Any] | None = None) -> dict[str, JSON]:
    """The next ``update`` for a client: its new events, its view and zones, its moves in words,
    the decision, the last move, the moves it has not been sent, the result; advances the
    listener's ``next_seq`` and ``next_move``.

    ``cache`` is shared by the clients of one change: what is the same for every
    client of a seat and a language is built once (events by their object, which
    every seat that sees it whole shares).
    """
    cache = {} if cache is None else cache
    plugin, game, seat, lang = table.plugin, table.game, listener.seat, lang_of(listener.lang)
    named = {k: _cached(cache, ("names", k), lambda k=k: names_of(table, k)) for k in LANGS}
    names = named[lang]
    events = []
    for seq, event in table.stream(seat, listener.next_seq):
        key = ("event", id(event))
        hit = cache.get(key)
        if hit is None or hit[0] is not event:
            texts = {k: None if t is None else name_seats(t, named[k], k)
                     for k, t in event_texts(plugin, event).items()}
            hit = cache[key] = (event, {"seq": seq, "event": event.to_dict(), "texts": texts}, texts)
        events.append({**hit[1], "text": hit[2][lang]})
    listener.next_seq = len(table.log)
    view: JSON = None
    if seat is not None:
        view = _cached(cache, ("view", seat), lambda: game.view(seat).to_dict())
    start, history = min(listener.next_move, len(game.history)), game.history
    listener.next_move = len(history)
    waiting = bool(table.waiting)  # nobody acts until every seat is taken
    return {"type": "update", "game": plugin.info.name, "table": table.id, "seat": seat,
            "events": events, "next": listener.next_seq, "view": view, "to_act": [] if waiting else list(game.to_act),
            "over": game.is_over, "scores": list(game.scores),
            "seats": _cached(cache, ("seats", lang), lambda: seats_of(table, lang)),
            "zones": _cached(cache, ("zones", seat, lang), lambda: zones_of(plugin, game, seat, lang)),
            "legal": (_cached(cache, ("legal", seat, lang), lambda: legal_entries(plugin, game.view(seat), lang))
                      if seat is not None and seat in game.to_act and not waiting else []),
            "decision": None if waiting else _cached(cache, ("decision", lang),
                                                     lambda: decision_text(plugin, game, lang, names)),
            "last_move": _cached(cache, ("last", lang), lambda: _last_move(table, game, lang)),
            "history": _cached(cache, ("history", start, lang),
                               lambda: history_entries(plugin, history, start, lang, table.boundaries)),
            "history_from": start, "moves": len(history),
            "result": result_entry(plugin, game, seat, lang, names),
            **_extras(table, listener)}


def _extras(table: Table, listener: Listener) -> dict[str, JSON]:
    from naipes.web.clocks import table_extras

    return table_extras(table, listener)


def _last_move(table: Table, game: AnyGame, lang: str) -> JSON:
    if not game.history:
        return None
    index = len(game.history) - 1
    seat, move = game.history[index]
    return move_entry(table.plugin, index, seat, move, lang, table.boundaries.get(index))


def position_message(table: Table, seat: int | None, n: object, lang: str) -> dict[str, JSON]:
    """The table as ``seat`` saw it after the first ``n`` moves of the history (a spectator: the
    public table), replayed from the table's record: its view, zones, decision and last move.

    An ``n`` inside a simultaneous window (answers revealed together) is rounded down
    to the window's start; the answer's ``n`` says where it is.

    Raises:
        UsageError: ``bad_position`` for an ``n`` that is not a whole number from 0 to the
            moves played.
        InvalidStateError: ``not_replayable`` for a table without a record.
    """
    from naipes.errors import UsageError

    moves = len(table.game.history)
    if type(n) is not int or not 0 <= n <= moves:
        raise UsageError(f"a position is a whole number of moves from 0 to {moves}, not {n!r}",
                         code="bad_position")
    game = table.position(n)
    lang = lang_of(lang)
    plugin, at = table.plugin, len(game.history)
    last: JSON = None
    if at:
        s, m = game.history[at - 1]
        last = move_entry(plugin, at - 1, s, m, lang, table.boundaries.get(at - 1))
    return {"type": "position", "game": plugin.info.name, "table": table.id, "n": at, "moves": moves,
            "seat": seat, "view": game.view(seat).to_dict() if seat is not None else None,
            "zones": zones_of(plugin, game, seat, lang),
            "decision": decision_text(plugin, game, lang, names_of(table, lang)),
            "last_move": last, "to_act": list(game.to_act), "scores": list(game.scores), "over": game.is_over}


def card_fields(game: str) -> list[str]:
    """The paths of a game's view dict that hold cards, read off its shipped view schema
    (``"hand"``, ``"piles/*"``: ``*`` for every item, ``"table/*/cards/*"``); ``[]`` for a
    game that ships none (an entry-point game: its zones still name every card).

    >>> card_fields("no such game")
    []
    """
    from naipes import schemas

    name = f"{game}.view"
    if name not in schemas.names():
        return []
    schema = schemas.load(name)
    found: list[str] = []
    _walk(schema, schema, "", found, 0)
    return sorted(set(found))


def _is_card(node: Mapping[str, Any], root: Mapping[str, Any]) -> bool:
    ref = node.get("$ref")
    if ref == "urn:naipes:card":
        return True
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = root.get("$defs", {}).get(ref[len("#/$defs/"):], {})
        return isinstance(target, dict) and (target.get("$ref") == "urn:naipes:card" or "pattern" in target
                                             and target.get("type") == "string")
    return False


def _walk(node: object, root: Mapping[str, Any], path: str, found: list[str], depth: int) -> None:
    if not isinstance(node, dict) or depth > 12:
        return
    if _is_card(node, root):
        found.append(path.strip("/"))
        return
    for key, sub in (node.get("properties") or {}).items():
        _walk(sub, root, f"{path}/{key}", found, depth + 1)
    if "items" in node:
        _walk(node["items"], root, f"{path}/*", found, depth + 1)
    for option in [*node.get("anyOf", ()), *node.get("oneOf", ())]:
        _walk(option, root, path, found, depth + 1)


_DECK_WORDS: dict[tuple[str, str], list[JSON]] = {}


def deck_words(deck: str, lang: str) -> list[JSON]:
    """Every card a deck named like :attr:`GameInfo.deck <naipes.registry.GameInfo.deck>` can hold
    (``"spanish-40"``, ``"french-52x2"``), in deck order, each as ``[notation, words]`` in
    ``lang``: what the browser client labels cards with (ARIA labels, titles) and sorts a hand by.

    >>> deck_words("spanish-40", "en")[:2]
    [['1o', 'ace of coins'], ['2o', 'two of coins']]
    >>> deck_words("french-52", "es")[-1]
    ['JK', 'comodín']
    """
    key = (deck, lang)
    if key not in _DECK_WORDS:
        from naipes._card_words import card_words
        from naipes.decks import french_deck, spanish_deck

        cards: tuple[Card, ...] = ()
        if deck.startswith("spanish"):
            cards = spanish_deck(40 if deck.startswith("spanish-40") else 48)
        elif deck.startswith("french"):
            cards = french_deck(jokers=1)
        _DECK_WORDS[key] = [[str(c), card_words(c, lang, article=False)] for c in cards]
    return _DECK_WORDS[key]
