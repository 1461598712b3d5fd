"""Private: the features of an *open* Machuco position (every hand known), for a value network.

:mod:`naipes.learn.worlds` values the positions of sampled worlds (a determinized
search whose leaves are a network's values, not rollouts): it needs what the engine
holds, read at the cost of a few list walks, from one seat's side. Two players only.

======================  ===========================================================
features                value
======================  ===========================================================
``mine_R``, ``theirs_R`` the cards of rank R in the seat's hand, the other's (over 3)
``table_R``             the cards of rank R on the table
``stock_R``             the cards of rank R in the stock (over 4; their order is not read)
``thrown_R``            1 for the rank of the card just thrown (a majo takes it)
``chain_R``             1 for the rank of the open majo chain
then                    the seat to act is the seat; the chain's level (over 3) and whether
                        it is the seat's side's; each side's won cards (over 20) and points
                        (over 10) and whether it took last; the plays done (over 36), the
                        plays done in the deal (over 6), the stock (over 36), the phase
                        (play, decide, respond) and a contest's amount (over 5)
======================  ===========================================================

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any

from naipes.machuco._tables import Phase

__all__ = ["SIZE", "VERSION", "open_features"]

#: The version of the layout below; a value network's file records it.
VERSION = 1
_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
_AT = {r: i for i, r in enumerate(_RANKS)}
_MINE, _THEIRS, _TABLE, _STOCK, _THROWN, _CHAIN, _REST = 0, 10, 20, 30, 40, 50, 60
#: The number of features.
SIZE = _REST + 17
_PHASES = {Phase.PLAY: 0, Phase.DECIDE: 1, Phase.RESPOND: 2}


def open_features(game: Any, seat: int, out: Any) -> None:
    """Write the features of ``game`` (a Machuco engine, two players) for ``seat`` into ``out``
    (a zeroed float row of :data:`SIZE`)."""
    other = 1 - seat
    for move in game._hands[seat]:
        out[_MINE + _AT[move.card.rank]] += 1 / 3
    for move in game._hands[other]:
        out[_THEIRS + _AT[move.card.rank]] += 1 / 3
    for card in game._table:
        out[_TABLE + _AT[card.rank]] += 1.0
    for move in game._stock:
        out[_STOCK + _AT[move.card.rank]] += 0.25
    if game._last_throw:
        out[_THROWN + _AT[game._last_throw]] = 1.0
    if game._ch_level:
        out[_CHAIN + _AT[game._ch_rank]] = 1.0
    _rest(game, seat, other, out)


def _rest(game: Any, seat: int, other: int, out: Any) -> None:
    """The scalar features (see the module docstring)."""
    to_act = game.to_act
    out[_REST] = 1.0 if to_act and to_act[0] == seat else 0.0
    out[_REST + 1] = game._ch_level / 3
    out[_REST + 2] = 1.0 if game._ch_level and game._ch_side == seat else 0.0
    for j, side in enumerate((seat, other)):
        out[_REST + 3 + j] = len(game._piles[side]) / 20
        out[_REST + 5 + j] = game._scores[side] / 10
        out[_REST + 7 + j] = 1.0 if game._last_capturer == side else 0.0
    done = game._plays_done
    out[_REST + 9] = done / 36
    out[_REST + 10] = (done % 6) / 6
    out[_REST + 11] = len(game._stock) / 36
    out[_REST + 12 + _PHASES.get(game._phase, 0)] = 1.0
    contest = game._contest
    out[_REST + 15] = getattr(contest, "amount", 0) / 5 if contest is not None else 0.0
    out[_REST + 16] = len(game._aside) / 10
