"""The limits :mod:`schema_build` lays over the sampled shapes, read off each game's loader.

Keys are paths in the sampled dicts (``state.hands`` is ``game.to_dict()["state"]["hands"]``,
``state.hands[]`` its items); each value replaces the sampled schema there. Limits that
depend on another field (a seat below ``num_players``, a chico below the rules'
``chicos_per_partido``) are given at the game's largest value.
"""

from __future__ import annotations

from typing import Any

MAX_INT = 2**63 - 1


def ints(lo: int, hi: int) -> dict[str, Any]:
    """An int from ``lo`` to ``hi``."""
    return {"type": "integer", "minimum": lo, "maximum": hi}


def cards(most: int, least: int = 0, unique: bool = False) -> dict[str, Any]:
    """A list of cards."""
    out: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/card"}, "maxItems": most}
    if least:
        out["minItems"] = least
    if unique:
        out["uniqueItems"] = True
    return out


def array(items: dict[str, Any], most: int, least: int = 0) -> dict[str, Any]:
    """A list of ``items``."""
    out: dict[str, Any] = {"type": "array", "items": items, "maxItems": most}
    if least:
        out["minItems"] = least
    return out


SEAT = {"$ref": "#/$defs/seat"}
SEAT_CARD = {"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [SEAT, {"$ref": "#/$defs/card"}]}
COUNT53 = ints(0, 2**53)

#: machuco.position.load_state
MACHUCO: dict[str, Any] = {
    "state.dealer": SEAT, "state.mano": SEAT, "state.hand_no": COUNT53, "state.deal_no": ints(0, 6),
    "state.plays_done": ints(0, 36), "state.mask": ints(0, 1023),
    "state.last_throw": {"enum": [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12]},
    "state.ch_rank": {"enum": [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12]},
    "state.ch_level": ints(0, 2), "state.ch_side": ints(0, 3), "state.ch_len": ints(0, 40),
    "state.last_capturer": ints(-1, 3), "state.winner": ints(-1, 3),
    "state.phase": {"enum": ["play", "decide", "respond", "over"]},
    "state.hands": array(cards(3), 4, 2), "state.stock": cards(36), "state.table": cards(10),
    "state.piles": array(cards(40), 4, 2), "state.aside": cards(40),
    "state.scores": array(COUNT53, 4, 2), "state.chicos": array(COUNT53, 4, 2),
    "state.partidos": array(COUNT53, 4, 2), "state.plays": array(SEAT_CARD, 36),
    "state.deal_starts": array(ints(0, 36), 6),
    "state.turnup": {"anyOf": [cards(0), cards(4, 4, True)]}, "state.bottom": cards(36, 0, True),
    "state.orders": array(cards(40, 40, True), 2**53),
    "state.draw": array(array(SEAT_CARD, 4, 1), 10_000),
}

#: macarra.position.load_state
MACARRA: dict[str, Any] = {
    "state.phase": {"enum": ["over", "play", "punishment"]},
    "state.ledger": array(array(COUNT53, 2**16), 2**16), "state.infractions": array(ints(0, MAX_INT), 2**16),
}
#: ranzo.position.load_state
RANZO: dict[str, Any] = {
    "state.last_window": array({"type": "array", "minItems": 2, "maxItems": 2,
                                "prefixItems": [SEAT, {"$ref": "#/$defs/recorded_move"}]}, 4),
}
_F = "(10|[2-9AJQK])[SHDC]"
_MELD = rf"\[(JK=)?{_F}( (JK=)?{_F})*\]"
#: machiavelli.position.load_state
MACHIAVELLI: dict[str, Any] = {
    "state.table": {"type": "string", "maxLength": 100_000, "pattern": f"^({_MELD}( {_MELD})*)?$"},
}

LIMITS: dict[str, dict[str, Any]] = {"machuco": MACHUCO, "macarra": MACARRA, "ranzo": RANZO,
                                     "machiavelli": MACHIAVELLI}
#: View lists the samples only ever saw empty: typed as cards all the same (a Macarra seat holds no hand,
#: Machuco's leftovers set aside and Machiavelli's known cards are rare), so a view with ``hand: ["zz"]``
#: is refused.
_CARD_LIST = {"$ref": "#/$defs/card"}
VIEW_LIMITS: dict[str, dict[str, Any]] = {"machuco": {"view.aside[]": _CARD_LIST}, "macarra": {"view.hand[]": _CARD_LIST},
                                          "ranzo": {}, "machiavelli": {"view.known[]": _CARD_LIST}}
