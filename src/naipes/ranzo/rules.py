"""The variant options of Ranzo, as one frozen :class:`Rules` value.

Every field is keyword-only and its default is the ruling of the house rules
(RZ-01 to RZ-16 and §3.C on the rules page); an impossible combination raises
:class:`~naipes.errors.RulesError` when the value is built.

>>> r = Rules()
>>> r.players, r.deck, r.hand_size, r.juegos_to_win, r.num_rounds, r.regular, r.special
(4, 48, 5, 2, 8, 3, 6)
>>> r3 = Rules(players=3)
>>> r3.hand_size, r3.juegos_to_win, r3.num_rounds, r3.regular, r3.special
(8, 3, 6, 2, 4)
>>> Rules(players=3, teams=True)
Traceback (most recent call last):
...
naipes.errors.RulesError: the team variant needs 4 players

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Literal

import attrs

from naipes.cards import SPANISH_40, SPANISH_48, RankOrder
from naipes.errors import RulesError
from naipes.ranzo.specials import DEFAULT_SPECIALS, Special, special

__all__ = ["AfterSteal", "MAX_HAND_VALUE", "MAX_ROUNDS", "MAX_SPECIALS", "MAX_STARTING_POINTS", "Rules"]

#: Whose turn follows a steal (RZ-10).
AfterSteal = Literal["after_discarder", "after_stealer"]


#: Upper bounds of the numeric options: they keep one game small and its numbers exact.
MAX_STARTING_POINTS = 1_000_000
#: The most ``rounds`` a game may have.
MAX_ROUNDS = 1000
#: The highest value of a hand or of a special.
MAX_HAND_VALUE = 1000
#: The most named specials a game may count.
MAX_SPECIALS = 64


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if type(value) is not int:
        raise RulesError(f"{name} must be an int, not {value!r}", code="bad_rule_value")
    if not low <= value <= high:
        raise RulesError(f"{name} must be from {low} to {high}, not {value}", code="bad_rule_value")


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of a Ranzo game; the defaults are the house rulings.

    Attributes:
        players: 4, or 3 for the three-player variant (RZ-15: 8 cards, three
            juegos, values 2 and 4).
        deck: 48 cards (RZ-01), or 40 (then 7 and 10 are consecutive).
        envido_beats_truco: any envido beats any truco (RZ-09); when false the
            claimant nearest the discarder counter-clockwise wins whatever his claim.
        after_steal_next: ``"after_discarder"`` (RZ-10: the steal does not change
            the rotation) or ``"after_stealer"`` (mahjong style).
        starting_points: every balance at the start (RZ-14; 30).
        rounds: rounds in a game; ``None`` means 2N (RZ-14: 8, or 6 with 3 players).
        teams: the team variant, seats 0+2 against 1+3 (RZ-16).
        value_regular: value of a winning hand; ``None`` means 3 (2 with 3 players) (§3.C).
        value_special: value of a hand with a named special; ``None`` means 6
            (4 with 3 players) (§3.C).
        specials: the named specials that count (§3.C); names from
            :data:`~naipes.ranzo.specials.BUILTIN_SPECIALS` or the patterns
            ``trio:<n>`` and ``escalera:<n>``. ``()`` turns specials off.

    Bounds: ``starting_points`` 0 to :data:`MAX_STARTING_POINTS`, ``rounds`` 1 to
    :data:`MAX_ROUNDS`, hand values 0 to :data:`MAX_HAND_VALUE`, at most
    :data:`MAX_SPECIALS` specials; every field has its exact type (``4.0`` is
    not a number of players).

    Raises:
        RulesError: for a value of another type or out of range, or an unknown special.

    .. versionadded:: 0.1
    """

    players: int = 4
    deck: int = 48
    envido_beats_truco: bool = True
    after_steal_next: AfterSteal = "after_discarder"
    starting_points: int = 30
    rounds: int | None = None
    teams: bool = False
    value_regular: int | None = None
    value_special: int | None = None
    specials: tuple[str, ...] = DEFAULT_SPECIALS

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (3, 4):
            raise RulesError(f"players must be 4 or 3, not {self.players!r}", code="bad_players", rule="RZ-15")
        if type(self.deck) is not int or self.deck not in (40, 48):
            raise RulesError(f"deck must be 48 or 40, not {self.deck!r}", code="bad_deck_size", rule="RZ-01")
        for name in ("envido_beats_truco", "teams"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} must be a bool, not {getattr(self, name)!r}", code="bad_rule_value")
        if type(self.after_steal_next) is not str or self.after_steal_next not in ("after_discarder",
                                                                                  "after_stealer"):
            raise RulesError(f"after_steal_next must be 'after_discarder' or 'after_stealer', "
                             f"not {self.after_steal_next!r}", code="bad_rule_value", rule="RZ-10")
        _check_int("starting_points", self.starting_points, 0, MAX_STARTING_POINTS)
        if self.rounds is not None:
            _check_int("rounds", self.rounds, 1, MAX_ROUNDS)
        for name in ("value_regular", "value_special"):
            if getattr(self, name) is not None:
                _check_int(name, getattr(self, name), 0, MAX_HAND_VALUE)
        if (not isinstance(self.specials, tuple) or len(self.specials) > MAX_SPECIALS
                or not all(type(name) is str for name in self.specials)):
            raise RulesError(f"specials must be a tuple of at most {MAX_SPECIALS} names (strings), "
                             f"not {self.specials!r:.60}", code="bad_specials")
        if len(set(self.specials)) != len(self.specials):
            raise RulesError("specials must not repeat a name", code="bad_specials")
        for name in self.specials:
            special(name)
        if self.teams and self.players != 4:
            raise RulesError("the team variant needs 4 players", code="teams_need_four", rule="RZ-16")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 5, or 8 with 3 players (RZ-02, RZ-15)."""
        return 5 if self.players == 4 else 8

    @property
    def juegos_to_win(self) -> int:
        """Juegos a Ranzo needs: 2, or 3 with 3 players (RZ-05, RZ-15)."""
        return 2 if self.players == 4 else 3

    @property
    def num_rounds(self) -> int:
        """Rounds in a game: ``rounds`` or 2N (RZ-14)."""
        return self.rounds if self.rounds is not None else 2 * self.players

    @property
    def regular(self) -> int:
        """The value of a regular winning hand (§3.C)."""
        if self.value_regular is not None:
            return self.value_regular
        return 3 if self.players == 4 else 2

    @property
    def special(self) -> int:
        """The value of a winning hand with a named special (§3.C)."""
        if self.value_special is not None:
            return self.value_special
        return 6 if self.players == 4 else 4

    @property
    def order(self) -> RankOrder:
        """The rank order escaleras follow (7 and 10 adjacent with 40 cards)."""
        return SPANISH_48 if self.deck == 48 else SPANISH_40

    @property
    def special_list(self) -> tuple[Special, ...]:
        """The :class:`~naipes.ranzo.specials.Special` objects of ``specials``."""
        return tuple(special(name) for name in self.specials)

    @property
    def max_decisions(self) -> int:
        """A hard bound on the decisions of one game.

        Each turn has at most one discard, one answer per other seat and one
        decision after a steal.
        """
        turns = self.deck - self.players * self.hand_size
        return self.num_rounds * turns * (self.players + 1)
