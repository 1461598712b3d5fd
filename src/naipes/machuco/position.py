"""Explicit Machuco positions, copies and state dicts.

``Game.from_position`` (:func:`build_position`), the worlds of ``View.sample``
(:func:`game_from_view`), ``clone`` (:func:`clone_into`) and the bodies of
``to_dict`` / ``from_dict`` (:func:`state_dict`, :func:`load_state`), with
their validation: an impossible position raises
:class:`~naipes.errors.InvalidStateError` with a code listed on the rules page.

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

import attrs

from naipes.cards import Card
from naipes.errors import InvalidStateError, NaipesError
from naipes.machuco._tables import _BIT, Phase
from naipes.machuco.moves import play_card
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import _FIGURES, Category, Contest, Figure, PendingCante

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


def _ints(value: Any, size: int, what: str) -> list[int]:
    out = [int(v) for v in value]
    if len(out) != size:
        raise InvalidStateError(f"{what} needs {size} values, not {len(out)}", code="wrong_size")
    return out


def _bare(game_type: type[Game], rules: Rules, rng: random.Random) -> Game:
    game = game_type._blank(rules, rng=rng)
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
    seed = zones.get("seed")
    game = _bare(game_type, rules, random.Random(seed if seed is not None else 0))
    n, ns = game._n, game._nsides
    game._dealer = int(zones.get("dealer", n - 1))
    if not 0 <= game._dealer < n:
        raise InvalidStateError(f"the dealer must be a seat, not {game._dealer}", code="bad_dealer", rule="MC-03")
    game._mano = (game._dealer + 1) % n
    hands = [_cards(h, f"hand {s}") for s, h in enumerate(zones.get("hands", [[]] * n))]
    if len(hands) != n:
        raise InvalidStateError(f"{n} players need {n} hands", code="wrong_size")
    game._hands = [[play_card(c) for c in h] for h in hands]
    game._table = _cards(zones.get("table", ()), "table")
    game._stock = [play_card(c) for c in _cards(zones.get("stock", ()), "stock")]
    game._aside = _cards(zones.get("aside", ()), "aside")
    game._piles = [_cards(p, f"pile {i}") for i, p in enumerate(zones.get("piles", [[]] * ns))]
    if len(game._piles) != ns:
        raise InvalidStateError(f"{ns} sides need {ns} piles", code="wrong_size")
    game._scores = _ints(zones.get("scores", [0] * ns), ns, "scores")
    game._chicos = _ints(zones.get("chicos", [0] * ns), ns, "chicos")
    game._partidos = _ints(zones.get("partidos", [0] * ns), ns, "partidos")
    _check_cards(game)
    j = _hand_shape(game, [len(h) for h in hands])
    if len(game._stock) % game._deal_len:
        raise InvalidStateError(f"the stock must hold whole deals of {game._deal_len} cards", code="bad_stock",
                                rule="MC-04")
    deal = int(zones.get("deal", rules.deals_per_hand - len(game._stock) // game._deal_len))
    if deal < 1:
        raise InvalidStateError("deal must be at least 1", code="bad_deal", rule="MC-04")
    game._hand_no = 1
    game._deal_no = deal
    game._deal_starts = [0] * deal
    game._plays_done = (deal - 1) * game._deal_len + j
    game._cantes = None
    game._last_throw = int(zones.get("last_throw", 0))
    lc = zones.get("last_capturer")
    game._last_capturer = -1 if lc is None else int(lc)
    _set_chain(game, zones.get("chain"))
    game._full = sum(map(len, game.zones().values())) == 40
    game._set_to_act(((game._mano + j) % n,))
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
    values = [int(x) for x in chain]
    rank, level, seat = values[:3]
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


def _record(rec: Any) -> dict[str, Any]:
    d = attrs.asdict(rec)
    d["category"] = int(d["category"])
    for k, v in d.items():
        if isinstance(v, tuple):
            d[k] = list(v)
    return d


def _load_record(cls: Any, data: Mapping[str, Any]) -> Any:
    d: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    d["category"] = Category(int(data["category"]))
    return cls(**d)


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Restore the fields written by :func:`state_dict` (the base fields are set)."""
    game._setup(game.rules)
    for name in _SCALARS:
        value = state[name[1:]]
        setattr(game, name, bool(value) if name in ("_full", "_hand_closed") else int(value))
    game._phase = Phase(state["phase"])
    game._hands = [[play_card(c) for c in _cl(h)] for h in state["hands"]]
    game._stock = [play_card(c) for c in _cl(state["stock"])]
    game._table = _cl(state["table"])
    game._piles = [_cl(p) for p in state["piles"]]
    game._aside = _cl(state["aside"])
    game._scores = [int(x) for x in state["scores"]]
    game._chicos = [int(x) for x in state["chicos"]]
    game._partidos = [int(x) for x in state["partidos"]]
    game._contest = None if state["contest"] is None else _load_record(Contest, state["contest"])
    game._pending = [_load_record(PendingCante, p) for p in state["pending"]]
    game._cantes = None if state["cantes"] is None else tuple(
        (int(s), Figure(Category(c), int(k), int(v))) for s, c, k, v in state["cantes"])
    game._plays = [(int(s), Card.parse(c)) for s, c in state["plays"]]
    game._deal_starts = [int(x) for x in state["deal_starts"]]
    game._turnup = tuple(_cl(state["turnup"]))
    game._bottom = tuple(_cl(state["bottom"]))
    game._orders = tuple(tuple(_cl(o)) for o in state["orders"])
    game._draw = tuple(tuple((int(s), Card.parse(c)) for s, c in r) for r in state["draw"])
    if len(game._hands) != game._n or len(game._piles) != game._nsides or len(game._scores) != game._nsides:
        raise InvalidStateError("the state does not fit the number of players", code="state_mismatch")
