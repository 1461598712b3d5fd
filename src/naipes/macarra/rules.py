"""The variant options of Macarra, as one frozen :class:`Rules` value.

Every field is keyword-only and its default is the ruling of the house rules
(``macarra.md``, MK-01 to MK-11); an impossible combination raises
:class:`~naipes.errors.RulesError` when the value is built.

>>> Rules().num_decks, Rules(players=5).num_decks, Rules(players=9).num_decks
(1, 2, 3)
>>> Rules(deck=48).order.successor(7), Rules().order.successor(7)
(8, 10)
>>> Rules(players=1)
Traceback (most recent call last):
...
naipes.errors.RulesError: players must be an int of at least 2, not 1
"""

from __future__ import annotations

from typing import Literal

import attrs

from naipes.cards import SPANISH_40, SPANISH_48, RankOrder
from naipes.errors import RulesError

__all__ = ["DeckSize", "Infractions", "Rules"]

#: The Spanish deck a game uses (MK-01): 40 cards (no 8s and 9s) or 48.
DeckSize = Literal[40, 48]
#: What a move other than the forced one is (MK-10).
Infractions = Literal["penalize", "forbid"]


def _positive_int(name: str, value: object, least: int, *, code: str, rule: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise RulesError(f"{name} must be an int of at least {least}, not {value!r}", code=code, rule=rule)


def _flag(name: str, value: object, *, code: str, rule: str) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, not {value!r}", code=code, rule=rule)


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of a Macarra game; the defaults are the house rulings.

    Attributes:
        players: number of players, 2 or more (MK-01; default 4).
        deck: 40 (default) or 48 cards per deck (MK-01).
        decks: decks shuffled together, 1 or more; ``None`` (default) means one
            deck per four players, rounded up (MK-01).
        infractions: ``"penalize"`` (default: any move that fits stands and is
            punished with a macarra from every other player) or ``"forbid"``
            (only the forced move is legal) (MK-10).
        ace_macarra: an ace drawn from a face-down stock earns its drawer one
            macarra on every other player (MK-09a; default on).
        final_punishment: the loser is punished by bids against a hidden card
            (MK-09c; default on).
        max_turns: the turn cap of MK-11 (default 5,000): after that many turns
            the player holding the most cards loses.

    Raises:
        RulesError: for a value out of range.

    .. versionadded:: 0.1
    """

    players: int = 4
    deck: DeckSize = 40
    decks: int | None = None
    infractions: Infractions = "penalize"
    ace_macarra: bool = True
    final_punishment: bool = True
    max_turns: int = 5000

    def __attrs_post_init__(self) -> None:
        _positive_int("players", self.players, 2, code="bad_players", rule="MK-01")
        if self.deck not in (40, 48) or isinstance(self.deck, bool):
            raise RulesError(f"deck must be 40 or 48, not {self.deck!r}", code="bad_deck_size", rule="MK-01")
        if self.decks is not None:
            _positive_int("decks", self.decks, 1, code="bad_decks", rule="MK-01")
        if self.infractions not in ("penalize", "forbid"):
            raise RulesError(f"infractions must be 'penalize' or 'forbid', not {self.infractions!r}",
                             code="bad_infractions", rule="MK-10")
        _flag("ace_macarra", self.ace_macarra, code="bad_ace_macarra", rule="MK-09")
        _flag("final_punishment", self.final_punishment, code="bad_final_punishment", rule="MK-09")
        _positive_int("max_turns", self.max_turns, 1, code="bad_max_turns", rule="MK-11")

    @property
    def num_decks(self) -> int:
        """Decks in play: ``decks``, or one per four players rounded up."""
        return self.decks if self.decks is not None else -(-self.players // 4)

    @property
    def order(self) -> RankOrder:
        """The rank order of the deck (MK-01): 10 follows 7 in the 40-card deck."""
        return SPANISH_40 if self.deck == 40 else SPANISH_48

    @property
    def num_cards(self) -> int:
        """Cards in play at the start of a dealt game."""
        return self.deck * self.num_decks

    @property
    def max_decisions(self) -> int:
        """A hard bound on the decisions of one game, derived from the turn cap.

        Inside one turn the player's cards only decrease, and between two
        decreases he can lay at most ``len(order) - 1`` drawn cards as
        successors on his own pile (each lay raises his top), so a turn holds
        at most ``(cards + 1) * (2 * (len(order) - 1) + 2) + 2`` decisions; the
        punishment adds one bid per other player.
        """
        per_turn = (self.num_cards + 1) * (2 * (len(self.order) - 1) + 2) + 2
        return self.max_turns * per_turn + self.players - 1
