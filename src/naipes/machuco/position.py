"""Explicit Machuco positions: ``Game.from_position`` and the worlds of ``View.sample``.

>>> from naipes.machuco import Game, Rules
>>> g = Game.from_position(Rules(players=2, scope="hand"), hands=[["6e"], ["3b"]],
...                        table=["6o", "7c", "10e", "11b", "2o"])
>>> g.play("6e"); [str(c) for c in g.zones()["table"]], len(g.zones()["pile0"])  # MC-S3
(['2o'], 5)

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from naipes.cards import Card
from naipes.errors import InvalidStateError, NaipesError
from naipes.events import EventBus
from naipes.machuco.moves import play_card
from naipes.machuco.rules import Rules

if TYPE_CHECKING:
    from naipes.machuco.state import Game
    from naipes.machuco.views import View

__all__ = ["build_position", "game_from_view"]

_ZONES = {"hands", "table", "stock", "piles", "aside", "dealer", "scores", "chicos", "partidos", "deal",
          "last_throw", "chain", "last_capturer", "seed"}


def _cards(value: Any, what: str) -> list[Card]:
    if isinstance(value, str):
        return list(Card.parse_many(value))
    try:
        return [c if isinstance(c, Card) else Card.parse(c) for c in value]
    except (TypeError, NaipesError) as exc:
        raise InvalidStateError(f"{what}: {exc}") from exc


def _ints(value: Any, size: int, what: str) -> list[int]:
    out = [int(v) for v in value]
    if len(out) != size:
        raise InvalidStateError(f"{what} needs {size} values, not {len(out)}")
    return out


def _bare(game_type: type[Game], rules: Rules, rng: random.Random) -> Game:
    game = object.__new__(game_type)
    game.rules = rules
    game.events = EventBus()
    game._rng = rng
    game._history = []
    game._acting = ()
    game._simultaneous = False
    game._answers = {}
    game._sink = None
    game._start = None
    game._setup(rules)
    return game


def _hand_shape(game: Game, sizes: list[int]) -> int:
    """The plays made in the current deal, from the hand sizes (seats from the mano hold 3, 3, ..., 2, 2)."""
    n = game._n
    for j in range(game._deal_len):
        want = [3 - j // n - (1 if (s - game._mano) % n < j % n else 0) for s in range(n)]
        if want == sizes:
            return j
    raise InvalidStateError(f"hand sizes {sizes} do not fit a deal played from mano {game._mano}")


def build_position(game_type: type[Game], rules: Rules | None, zones: Mapping[str, Any]) -> Game:
    """Build the game ``Game.from_position`` documents (always in the play phase)."""
    rules = rules if rules is not None else Rules()
    unknown = set(zones) - _ZONES
    if unknown:
        raise InvalidStateError(f"from_position has no zone {sorted(unknown)}")
    seed = zones.get("seed")
    game = _bare(game_type, rules, random.Random(seed if seed is not None else 0))
    n, ns = game._n, game._nsides
    game._dealer = int(zones.get("dealer", n - 1))
    if not 0 <= game._dealer < n:
        raise InvalidStateError(f"no seat {game._dealer}")
    game._mano = (game._dealer + 1) % n
    hands = [_cards(h, f"hand {s}") for s, h in enumerate(zones.get("hands", [[]] * n))]
    if len(hands) != n:
        raise InvalidStateError(f"{n} players need {n} hands")
    game._hands = [[play_card(c) for c in h] for h in hands]
    game._table = _cards(zones.get("table", ()), "table")
    game._stock = [play_card(c) for c in _cards(zones.get("stock", ()), "stock")]
    game._aside = _cards(zones.get("aside", ()), "aside")
    game._piles = [_cards(p, f"pile {i}") for i, p in enumerate(zones.get("piles", [[]] * ns))]
    if len(game._piles) != ns:
        raise InvalidStateError(f"{ns} sides need {ns} piles")
    game._scores = _ints(zones.get("scores", [0] * ns), ns, "scores")
    game._chicos = _ints(zones.get("chicos", [0] * ns), ns, "chicos")
    game._partidos = _ints(zones.get("partidos", [0] * ns), ns, "partidos")
    _check_cards(game)
    j = _hand_shape(game, [len(h) for h in hands])
    if len(game._stock) % game._deal_len:
        raise InvalidStateError(f"the stock must hold whole deals of {game._deal_len} cards")
    deal = int(zones.get("deal", rules.deals_per_hand - len(game._stock) // game._deal_len))
    if deal < 1:
        raise InvalidStateError("deal must be at least 1")
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
    game._acting = ((game._mano + j) % n,)
    game._mark_position()
    return game


def _check_cards(game: Game) -> None:
    counts = Counter(c for z in game.zones().values() for c in z)
    twice = sorted(str(c) for c, k in counts.items() if k > 1)
    if twice:
        raise InvalidStateError(f"cards named twice: {twice}")
    if any(c.rank in (8, 9) or c.suit is None or not c.suit.is_spanish for c in counts):
        raise InvalidStateError("Machuco uses the 40-card Spanish deck")
    ranks = [c.rank for c in game._table]
    if len(set(ranks)) != len(ranks):
        raise InvalidStateError("the table never holds two cards of one number (MC-14)")
    from naipes.machuco._tables import _BIT

    game._mask = sum(_BIT[r] for r in ranks)


def _set_chain(game: Game, chain: Any) -> None:
    if chain is None:
        return
    values = [int(x) for x in chain]
    rank, level, seat = values[:3]
    side = game._side_of[seat]
    if level not in (1, 2):
        raise InvalidStateError("a chain open to the next seat has level 1 (majo) or 2 (contramajo)")
    pile = game._piles[side]
    length = values[3] if len(values) > 3 else len(pile)
    if not 2 <= length <= len(pile) or pile[-1].rank != rank:
        raise InvalidStateError("the chain's stack must end that side's pile with the chain's number")
    game._ch_rank, game._ch_level, game._ch_side, game._ch_len = rank, level, side, length


def game_from_view(view: View, hands: Mapping[int, list[Card]], stock: list[Card], rng: random.Random) -> Game:
    """A game whose view for ``view.seat`` is ``view``, with the hidden places filled as given."""
    from naipes.machuco.scoring import _FIGURES
    from naipes.machuco._tables import _BIT, Phase
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
    game._bottom = view.known
    game._contest = view.contest
    game._pending = list(view.pending)
    game._plays = list(view.plays)
    game._deal_starts = list(view.deal_starts)
    game._last_throw = view.last_throw
    if view.chain is not None:
        game._ch_rank, game._ch_level, game._ch_side, game._ch_len = view.chain
    game._last_capturer = -1 if view.last_capturer is None else view.last_capturer
    game._phase = Phase.NAMES.index(view.phase)
    game._full = view.in_play is None
    game._acting = view.to_act
    game._winner = -1 if view.winner is None else view.winner
    game._hand_closed = game._phase == Phase.OVER
    game._cantes = None
    if view.cantes_known:
        figs = []
        for cante in view.cantes:
            a, b, c = game.dealt_hand(cante.seat, game._deal_no)
            fig = _FIGURES[(a.rank, b.rank, c.rank)]
            assert fig is not None
            figs.append((cante.seat, fig))
        game._cantes = tuple(figs)
    return game
