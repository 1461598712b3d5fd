"""Which deal and which lineup each game of a tournament plays, and the seeds (internal).

A *lineup* gives one entrant to each side of the table (a side is a seat, or a
team of seats). With as many entrants as sides or more, the lineups are every
ordered choice of distinct entrants; with fewer, every assignment in which each
entrant plays at least one side. Both sets are closed under renaming the
entrants, so every entrant sits in every place equally often over a block.

With ``duplicate``, game ``g`` plays deal ``g // L`` in lineup ``g % L`` (``L``
lineups): each deal is replayed in every lineup. Without it, game ``g`` has a
deal of its own and the lineups cycle.
"""

from __future__ import annotations

import hashlib
import itertools

import attrs

from naipes.errors import UsageError

__all__ = ["Schedule", "derive_seed", "lineups"]

#: The most lineups a tournament may have (each deal is played this many times).
MAX_LINEUPS = 5040


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the parts, the same in every process and on every machine.

    >>> derive_seed(0, "deal", 1) == derive_seed(0, "deal", 1) != derive_seed(0, "deal", 2)
    True
    """
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def lineups(entrants: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """The lineups of ``entrants`` over ``sides``, in a fixed order.

    >>> lineups(2, 2)
    ((0, 1), (1, 0))
    >>> len(lineups(3, 2)), len(lineups(2, 4))
    (6, 14)

    Raises:
        UsageError: for fewer than 2 entrants (``too_few_entrants``) or more than
            :data:`MAX_LINEUPS` lineups (``too_many_lineups``).
    """
    if entrants < 2:
        raise UsageError(f"a tournament needs at least 2 entrants, not {entrants}", code="too_few_entrants")
    if entrants >= sides:
        found = tuple(itertools.permutations(range(entrants), sides))
    else:
        found = tuple(p for p in itertools.product(range(entrants), repeat=sides)
                      if len(set(p)) == entrants)
    if len(found) > MAX_LINEUPS:
        raise UsageError(f"{entrants} entrants over {sides} sides make {len(found)} lineups "
                         f"(at most {MAX_LINEUPS}): name fewer bots", code="too_many_lineups")
    return found


@attrs.frozen
class Schedule:
    """The plan of a tournament: game index to deal, lineup and seeds."""

    seed: int
    lineups: tuple[tuple[int, ...], ...]
    duplicate: bool

    def deal(self, game: int) -> int:
        """The deal that game ``game`` plays."""
        return game // len(self.lineups) if self.duplicate else game

    def lineup(self, game: int) -> tuple[int, ...]:
        """The entrant of each side in game ``game``."""
        return self.lineups[game % len(self.lineups)]

    def deal_seed(self, game: int) -> int:
        """The seed of the game's deal (the same for every game of one deal)."""
        return derive_seed(self.seed, "deal", self.deal(game))

    def bot_seed(self, game: int, seat: int) -> int:
        """The seed of the bot in ``seat`` in game ``game``."""
        return derive_seed(self.seed, "bot", game, seat)
