"""Copies and JSON state dicts of a Machuco game (internal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from naipes.cards import Card
from naipes.machuco.moves import play_card
from naipes.machuco.records import Contest, PendingCante
from naipes.machuco.scoring import Category, Figure

if TYPE_CHECKING:
    from naipes.machuco.state import Game

_SCALARS = ("_dealer", "_mano", "_hand_no", "_deal_no", "_plays_done", "_mask", "_last_throw", "_ch_rank",
            "_ch_level", "_ch_side", "_ch_len", "_last_capturer", "_phase", "_full", "_winner", "_hand_closed")


def clone_into(old: Game, new: Game) -> None:
    """Copy every field of ``old`` into the bare ``new`` (immutable parts shared)."""
    for name in ("_n", "_nsides", "_side_of", "_next_act", "_deal_len", "_target", "_immediate", "_cumulative",
                 "_compulsory", "_limpia_last", "_contest", "_cantes", "_turnup", "_bottom", "_orders", "_draw", "_opening") + _SCALARS:
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
    out.update(
        hands=[[str(m.card) for m in h] for h in game._hands],
        stock=[str(m.card) for m in game._stock], table=_cs(game._table), piles=[_cs(p) for p in game._piles],
        aside=_cs(game._aside), scores=list(game._scores), chicos=list(game._chicos),
        partidos=list(game._partidos),
        contest=None if game._contest is None else _record(game._contest),
        pending=[_record(p) for p in game._pending],
        cantes=None if game._cantes is None else [[seat, int(f.category), f.key, f.value] for seat, f in game._cantes],
        plays=[[s, str(c)] for s, c in game._plays], deal_starts=list(game._deal_starts),
        turnup=_cs(game._turnup), bottom=_cs(game._bottom), orders=[_cs(o) for o in game._orders],
        draw=[[[s, str(c)] for s, c in r] for r in game._draw],
    )
    return out


def _record(rec: Any) -> dict[str, Any]:
    import attrs

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
        from naipes.errors import InvalidStateError

        raise InvalidStateError("the state does not fit the number of players")
