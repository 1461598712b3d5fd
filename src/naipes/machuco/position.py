"""Explicit Machuco positions, copies and state dicts.

``Game.from_position`` (:func:`build_position`), the worlds of ``View.sample``
(:func:`game_from_view`), ``clone`` (:func:`clone_into`) and the bodies of
``to_dict`` / ``from_dict`` (:func:`state_dict`, :func:`load_state`), with
their validation: an impossible position or state dict raises
:class:`~naipes.errors.InvalidStateError` naming the field, with a code listed
on the rules page (section "Limits" says what is checked). The cards in play
must be the 40-card deck, or, for a game whose record starts from a position
(``start == {"position": ...}``), exactly the cards of that position; a game
dealt from a seed or a deck must also have its exact history of the hand
(``plays`` one per ``plays_done``, the deal starts, the turn-up).

>>> from naipes.machuco import Game, Rules
>>> g = Game.from_position(Rules(players=2, scope="hand"), hands=[["6e"], ["3b"]],
...                        table=["6o", "7c", "10e", "11b", "2o"])
>>> g.play("6e"); [str(c) for c in g.zones()["table"]], len(g.zones()["pile0"])  # MC-S3
(['2o'], 5)

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Also the copies and state dicts (0.1's private ``_persist``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from naipes._validate import exact_bool, exact_int
from naipes.cards import Card
from naipes.errors import InvalidStateError, NaipesError
from naipes.machuco._check import _f, _list, _record, bad, consistent
from naipes.machuco._tables import _BIT, DECK40, Phase
from naipes.machuco.legality import CODES
from naipes.machuco.moves import play_card
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import _FIGURES

if TYPE_CHECKING:
    from naipes.machuco.state import Game
    from naipes.machuco.view import View

__all__ = ["build_position", "clone_into", "game_from_view", "load_state", "state_dict"]

_ZONES = {"hands", "table", "stock", "piles", "aside", "dealer", "scores", "chicos", "partidos", "deal",
          "last_throw", "chain", "last_capturer", "seed"}


def _cards(value: Any, what: str) -> list[Card]:
    if isinstance(value, str):
        return list(Card.parse_many(value))
    try:
        return [c if isinstance(c, Card) else Card.parse(c) for c in value]
    except (TypeError, NaipesError) as exc:
        raise InvalidStateError(f"{what}: {exc}", code="bad_card", rule="MC-01") from exc


def _exact(value: Any, what: str, lo: int, hi: int, code: str) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise InvalidStateError(f"{what} must be an int from {lo} to {hi}, not {value!r:.40}", code=code,
                                rule=CODES[code][0])
    return value


def _ints(value: Any, size: int, what: str, hi: int) -> list[int]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)):
        raise InvalidStateError(f"{what} must be a list of {size} ints, not {value!r:.40}", code="bad_field")
    if len(value) != size:
        raise InvalidStateError(f"{what} needs {size} values, not {len(value)}", code="wrong_size")
    return [_exact(v, what, 0, hi, "out_of_range") for v in value]


def _zone_list(value: Any, size: int, what: str) -> list[Any]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)):
        raise InvalidStateError(f"{what} must be a list of {size} card lists, not {value!r:.40}",
                                code="bad_field")
    if len(value) != size:
        raise InvalidStateError(f"{size} {what} are needed, not {len(value)}", code="wrong_size")
    return list(value)


def _bare(game_type: type[Game], rules: Rules, rng: random.Random) -> Game:
    game = game_type._blank(rules, rng=rng, own_rng=True)  # made here: from a seed or for a sample
    game._setup(rules)
    return game


def _hand_shape(game: Game, sizes: list[int]) -> int:
    """The plays made in the current deal, from the hand sizes (seats from the mano hold 3, 3, ..., 2, 2)."""
    n = game._n
    for j in range(game._deal_len):
        want = [3 - j // n - (1 if (s - game._mano) % n < j % n else 0) for s in range(n)]
        if want == sizes:
            return j
    raise InvalidStateError(f"hand sizes {sizes} do not fit a deal played from mano {game._mano}",
                            code="bad_hand_sizes", rule="MC-04")


def build_position(game_type: type[Game], rules: Rules | None, zones: Mapping[str, Any]) -> Game:
    """Build the game ``Game.from_position`` documents (always in the play phase)."""
    rules = rules if rules is not None else Rules()
    unknown = set(zones) - _ZONES
    if unknown:
        raise InvalidStateError(f"from_position has no zone {sorted(unknown)}", code="unknown_zone")
    if not isinstance(rules, Rules):
        raise InvalidStateError(f"rules must be machuco.Rules, not {type(rules).__name__}", code="bad_field")
    seed = zones.get("seed")
    if seed is not None and type(seed) is not int:
        raise InvalidStateError(f"seed must be an int, not {seed!r:.40}", code="bad_field")
    game = _bare(game_type, rules, random.Random(seed if seed is not None else 0))
    n, ns = game._n, game._nsides
    game._dealer = _exact(zones.get("dealer", n - 1), "the dealer", 0, n - 1, "bad_dealer")
    game._mano = (game._dealer + 1) % n
    hands = [_cards(h, f"hand {s}") for s, h in enumerate(_zone_list(zones.get("hands", [[]] * n), n, "hands"))]
    game._hands = [[play_card(c) for c in h] for h in hands]
    game._table = _cards(zones.get("table", ()), "table")
    game._stock = [play_card(c) for c in _cards(zones.get("stock", ()), "stock")]
    game._aside = _cards(zones.get("aside", ()), "aside")
    game._piles = [_cards(p, f"pile {i}") for i, p in enumerate(_zone_list(zones.get("piles", [[]] * ns), ns,
                                                                               "piles"))]
    game._scores = _ints(zones.get("scores", [0] * ns), ns, "scores", MAX_COUNT)
    game._chicos = _ints(zones.get("chicos", [0] * ns), ns, "chicos", rules.chicos_per_partido - 1)
    game._partidos = _ints(zones.get("partidos", [0] * ns), ns, "partidos", rules.partidos_to_win - 1)
    _check_cards(game)
    j = _hand_shape(game, [len(h) for h in hands])
    if len(game._stock) % game._deal_len:
        raise InvalidStateError(f"the stock must hold whole deals of {game._deal_len} cards", code="bad_stock",
                                rule="MC-04")
    deal = zones.get("deal", max(1, rules.deals_per_hand - len(game._stock) // game._deal_len))
    _exact(deal, "deal", 1, rules.deals_per_hand, "bad_deal")
    game._hand_no = 1
    game._deal_no = deal
    game._deal_starts = [0] * deal
    game._plays_done = (deal - 1) * game._deal_len + j
    game._cantes = None
    game._last_throw = _exact(zones.get("last_throw", 0), "last_throw", 0, 12, "out_of_range")
    if game._last_throw and game._last_throw not in _RANKS:
        raise InvalidStateError(f"last_throw {game._last_throw} is not a card number", code="out_of_range")
    lc = zones.get("last_capturer")
    game._last_capturer = -1 if lc is None else _exact(lc, "last_capturer", -1, ns - 1, "out_of_range")
    _set_chain(game, zones.get("chain"))
    game._full = sum(map(len, game.zones().values())) == 40
    game._set_to_act(((game._mano + j) % n,))
    consistent(game, None, None)
    game._mark_position()
    return game


def _check_cards(game: Game) -> None:
    counts = Counter(c for z in game.zones().values() for c in z)
    twice = sorted(str(c) for c, k in counts.items() if k > 1)
    if twice:
        raise InvalidStateError(f"cards named twice: {twice}", code="duplicate_card", rule="MC-01")
    if any(c.rank in (8, 9) or c.suit is None or not c.suit.is_spanish for c in counts):
        raise InvalidStateError("Machuco uses the 40-card Spanish deck", code="bad_card", rule="MC-01")
    ranks = [c.rank for c in game._table]
    if len(set(ranks)) != len(ranks):
        raise InvalidStateError("the table never holds two cards of one number (MC-14)",
                                code="table_repeats_number", rule="MC-14")
    game._mask = sum(_BIT[r] for r in ranks)


def _set_chain(game: Game, chain: Any) -> None:
    if chain is None:
        return
    if isinstance(chain, (str, bytes, Mapping)) or not isinstance(chain, (list, tuple)) or len(chain) not in (3, 4):
        raise InvalidStateError(f"chain is (rank, level, seat[, stack size]), not {chain!r:.40}", code="bad_chain",
                                rule="MC-16")
    values = [_exact(x, "chain", 0, 40, "bad_chain") for x in chain]
    rank, level, seat = values[:3]
    if seat >= game._n:
        raise InvalidStateError(f"chain: no seat {seat}", code="bad_chain", rule="MC-16")
    side = game._side_of[seat]
    if level not in (1, 2):
        raise InvalidStateError("a chain open to the next seat has level 1 (majo) or 2 (contramajo)",
                                code="bad_chain", rule="MC-16")
    pile = game._piles[side]
    length = values[3] if len(values) > 3 else len(pile)
    if not 2 <= length <= len(pile) or pile[-1].rank != rank:
        raise InvalidStateError("the chain's stack must end that side's pile with the chain's number",
                                code="bad_chain", rule="MC-16")
    game._ch_rank, game._ch_level, game._ch_side, game._ch_len = rank, level, side, length


def game_from_view(view: View, hands: Mapping[int, list[Card]], stock: list[Card], rng: random.Random) -> Game:
    """A game whose view for ``view.seat`` is ``view``, with the hidden places filled as given."""
    from naipes.machuco.state import Game

    game = _bare(Game, view.rules, random.Random(rng.getrandbits(64)))
    game._hands = [[play_card(c) for c in (view.hand if s == view.seat else hands[s])]
                   for s in range(game._n)]
    game._stock = [play_card(c) for c in stock]
    game._table = list(view.table)
    game._mask = sum(_BIT[c.rank] for c in view.table)
    game._piles = [list(p) for p in view.piles]
    game._aside = list(view.aside)
    game._scores = list(view.scores)
    game._chicos = list(view.chicos)
    game._partidos = list(view.partidos)
    game._dealer, game._mano = view.dealer, view.mano
    game._hand_no, game._deal_no, game._plays_done = view.hand_number, view.deal_number, view.plays_done
    game._turnup = view.turnup
    game._draw = view.dealer_draw
    game._bottom = view.known
    game._contest = view.contest
    game._pending = list(view.pending)
    game._plays = list(view.plays)
    game._deal_starts = list(view.deal_starts)
    game._last_throw = view.last_throw
    if view.chain is not None:
        game._ch_rank, game._ch_level, game._ch_side, game._ch_len = view.chain
    game._last_capturer = -1 if view.last_capturer is None else view.last_capturer
    game._phase = view.phase
    game._full = view.in_play is None
    game._set_to_act(view.to_act)
    game._winner = -1 if view.winner is None else view.winner
    game._hand_closed = game._phase is Phase.OVER
    game._cantes = None
    if view.cantes_known:
        figs = []
        for cante in view.cantes:
            a, b, c = game._dealt(cante.seat, game._deal_no)
            fig = _FIGURES[(a.rank, b.rank, c.rank)]
            assert fig is not None
            figs.append((cante.seat, fig))
        game._cantes = tuple(figs)
    return game


# -- copies and state dicts ---------------------------------------------------------------
_SCALARS = ("_dealer", "_mano", "_hand_no", "_deal_no", "_plays_done", "_mask", "_last_throw", "_ch_rank",
            "_ch_level", "_ch_side", "_ch_len", "_last_capturer", "_full", "_winner", "_hand_closed")


#: Fields a clone shares with its original: immutable values.
_SHARED = ("_n", "_nsides", "_side_of", "_next_act", "_deal_len", "_target", "_immediate", "_cumulative",
           "_compulsory", "_limpia_last", "_contest", "_cantes", "_turnup", "_bottom", "_orders", "_draw", "_won",
           "_phase")


def clone_into(old: Game, new: Game) -> None:
    """Copy every field of ``old`` into the bare ``new`` (immutable parts shared)."""
    for name in _SHARED + _SCALARS:
        setattr(new, name, getattr(old, name))
    new._hands = [h.copy() for h in old._hands]
    new._stock = old._stock.copy()
    new._table = old._table.copy()
    new._piles = [p.copy() for p in old._piles]
    new._aside = old._aside.copy()
    new._scores = old._scores.copy()
    new._chicos = old._chicos.copy()
    new._partidos = old._partidos.copy()
    new._pending = old._pending.copy()
    new._plays = old._plays.copy()
    new._deal_starts = old._deal_starts.copy()


def _cs(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _cl(texts: Any) -> list[Card]:
    return [Card.parse(t) for t in texts]


def state_dict(game: Game) -> dict[str, Any]:
    """The game's own fields as JSON-compatible data."""
    out: dict[str, Any] = {name[1:]: getattr(game, name) for name in _SCALARS}
    out["phase"] = game._phase.value
    out.update(
        hands=[[str(m.card) for m in h] for h in game._hands],
        stock=[str(m.card) for m in game._stock], table=_cs(game._table), piles=[_cs(p) for p in game._piles],
        aside=_cs(game._aside), scores=list(game._scores), chicos=list(game._chicos),
        partidos=list(game._partidos),
        contest=None if game._contest is None else _record(game._contest),
        pending=[_record(p) for p in game._pending],
        cantes=None if game._cantes is None else [[s, int(f.category), f.key, f.value] for s, f in game._cantes],
        plays=[[s, str(c)] for s, c in game._plays], deal_starts=list(game._deal_starts),
        turnup=_cs(game._turnup), bottom=_cs(game._bottom), orders=[_cs(o) for o in game._orders],
        draw=[[[s, str(c)] for s, c in r] for r in game._draw],
    )
    return out


#: The keys of the game's own part of a state dict (``to_dict()["state"]``).
STATE_KEYS = frozenset(name[1:] for name in _SCALARS) | {
    "phase", "hands", "stock", "table", "piles", "aside", "scores", "chicos", "partidos", "contest", "pending",
    "cantes", "plays", "deal_starts", "turnup", "bottom", "orders", "draw"}
#: The largest score, hand number or counter a state may hold (exact in a float).
MAX_COUNT = 2**53
_CARD_OF = {str(c): c for c in DECK40}
_RANKS = frozenset(c.rank for c in DECK40)
_PHASES = {p.value: p for p in Phase}


def _card(text: Any, field: str) -> Card:
    card = _CARD_OF.get(text) if type(text) is str else None
    if card is None:
        raise bad(_f(field), f"{text!r:.40} is not a card of the 40-card Spanish deck", "bad_card")
    return card


def _card_list(value: Any, field: str, most: int) -> list[Card]:
    return [_card(t, field) for t in _list(value, field, most)]


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    return exact_int(value, _f(field), lo, hi)


def _seat_cards(value: Any, field: str, players: int, most: int) -> list[tuple[int, Card]]:
    out = []
    for pair in _list(value, field, most):
        if type(pair) is not list or len(pair) != 2:
            raise bad(_f(field), f"{pair!r:.40} is not a [seat, card] pair")
        out.append((_int(pair[0], field, 0, players - 1), _card(pair[1], field)))
    return out


def _position_cards(start: Any) -> list[Card] | None:
    """The cards of the position a record started from (``None``: it started from a deal)."""
    if not isinstance(start, Mapping) or "position" not in start:
        return None
    try:
        st = start["position"]["state"]
        zones = [*st["hands"], *st["piles"], st["table"], st["stock"], st["aside"]]
        return [_CARD_OF[t] for z in zones for t in z]
    except (KeyError, TypeError, IndexError) as exc:
        raise bad("start.position", f"not a Machuco position ({exc!r})", "bad_field") from exc


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Restore the fields written by :func:`state_dict` (the base fields are set), checking everything.

    Raises:
        InvalidStateError: naming the first field that is of the wrong type,
            out of range, or inconsistent with the rest (see the rules page,
            "Limits").
    """
    rules: Rules = game.rules
    game._setup(rules)
    if not isinstance(state, Mapping) or set(state) != STATE_KEYS:
        keys = set(state) if isinstance(state, Mapping) else set()
        raise bad("state", f"unknown keys {sorted(keys - STATE_KEYS)}, missing keys {sorted(STATE_KEYS - keys)}")
    n, ns, dph = game._n, game._nsides, rules.deals_per_hand
    # -- scalars -------------------------------------------------------------------------------
    game._dealer = _int(state["dealer"], "dealer", 0, n - 1)
    game._mano = _int(state["mano"], "mano", 0, n - 1)
    game._hand_no = _int(state["hand_no"], "hand_no", 0, MAX_COUNT)
    game._deal_no = _int(state["deal_no"], "deal_no", 0, dph)
    game._plays_done = _int(state["plays_done"], "plays_done", 0, 36)
    game._mask = _int(state["mask"], "mask", 0, 1023)
    for name in ("last_throw", "ch_rank"):
        value = _int(state[name], name, 0, 12)
        if value and value not in _RANKS:
            raise bad(_f(name), f"{value} is not a card number of the 40-card deck", "out_of_range")
        setattr(game, "_" + name, value)
    game._ch_level = _int(state["ch_level"], "ch_level", 0, 2)
    game._ch_side = _int(state["ch_side"], "ch_side", 0, ns - 1)
    game._ch_len = _int(state["ch_len"], "ch_len", 0, 40)
    game._last_capturer = _int(state["last_capturer"], "last_capturer", -1, ns - 1)
    game._winner = _int(state["winner"], "winner", -1, ns - 1)
    game._full = exact_bool(state["full"], _f("full"))
    game._hand_closed = exact_bool(state["hand_closed"], _f("hand_closed"))
    phase = _PHASES.get(state["phase"]) if type(state["phase"]) is str else None
    if phase is None:
        raise bad(_f("phase"), f"must be one of {sorted(_PHASES)}, not {state['phase']!r:.40}")
    game._phase = phase
    # -- zones ---------------------------------------------------------------------------------
    game._hands = [[play_card(c) for c in _card_list(h, "hands", 3)] for h in _list(state["hands"], "hands", n, n)]
    game._stock = [play_card(c) for c in _card_list(state["stock"], "stock", 36)]
    game._table = _card_list(state["table"], "table", 10)
    game._piles = [_card_list(p, "piles", 40) for p in _list(state["piles"], "piles", ns, ns)]
    game._aside = _card_list(state["aside"], "aside", 40)
    game._scores = [_int(v, "scores", 0, MAX_COUNT) for v in _list(state["scores"], "scores", ns, ns)]
    game._chicos = [_int(v, "chicos", 0, rules.chicos_per_partido - 1)
                    for v in _list(state["chicos"], "chicos", ns, ns)]
    game._partidos = [_int(v, "partidos", 0, rules.partidos_to_win)
                      for v in _list(state["partidos"], "partidos", ns, ns)]
    game._plays = _seat_cards(state["plays"], "plays", n, 36)
    game._deal_starts = [_int(v, "deal_starts", 0, 36) for v in _list(state["deal_starts"], "deal_starts", dph)]
    turnup = _card_list(state["turnup"], "turnup", 4)
    if len(turnup) not in (0, 4) or len(set(turnup)) != len(turnup):
        raise bad(_f("turnup"), "holds the 4 distinct cards turned up, or none", "bad_card")
    game._turnup = tuple(turnup)
    bottom = _card_list(state["bottom"], "bottom", 36)
    if len(set(bottom)) != len(bottom):
        raise bad(_f("bottom"), "names a card twice", "duplicate_card")
    game._bottom = tuple(bottom)
    orders = []
    for order in _list(state["orders"], "orders", MAX_COUNT):
        cards = _card_list(order, "orders", 40)
        if len(set(cards)) != 40:
            raise bad(_f("orders"), "each order holds the 40 cards once", "bad_deck")
        orders.append(tuple(cards))
    game._orders = tuple(orders)
    draw = []
    for rnd in _list(state["draw"], "draw", 10_000):
        pairs = _seat_cards(rnd, "draw", n, n)
        if not pairs or len({s for s, _ in pairs}) != len(pairs) or len({c for _, c in pairs}) != len(pairs):
            raise bad(_f("draw"), "each round draws distinct cards for distinct seats")
        draw.append(tuple(pairs))
    game._draw = tuple(draw)
    consistent(game, state, _position_cards(game._origin))
