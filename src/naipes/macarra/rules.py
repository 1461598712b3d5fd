"""The variant options of Macarra, as one frozen :class:`Rules` value.

Every field is keyword-only and its default is the ruling of the house rules
(MK-01 to MK-11 on the rules page); an impossible combination raises
:class:`~naipes.errors.RulesError` when the value is built.

>>> Rules().num_decks, Rules(players=5).num_decks, Rules(players=9).num_decks
(1, 2, 3)
>>> Rules(deck=48).order.successor(7), Rules().order.successor(7)
(8, 10)
>>> Rules(players=1)
Traceback (most recent call last):
...
naipes.errors.RulesError: players must be an int from 2 to 32, not 1
>>> Rules(players=32).num_decks, Rules(players=32, deck=48).max_turns
(4, 1078)

Bounds (one game stays within a few MB and is built in milliseconds): at most
:data:`MAX_PLAYERS` (32) players and :data:`MAX_DECKS` (4) decks, every seat
dealt at least one card, and ``max_turns`` small enough that the longest
possible game (:attr:`Rules.max_decisions`) fits the history limit of
``from_dict`` (:data:`MAX_DECISIONS`, 5,000,000).
"""

from __future__ import annotations

from typing import Literal

import attrs

from naipes._validate import MAX_HISTORY
from naipes.cards import SPANISH_40, SPANISH_48, RankOrder
from naipes.errors import RulesError

__all__ = ["DEFAULT_MAX_TURNS", "DeckSize", "Infractions", "MAX_DECISIONS", "MAX_DECKS", "MAX_PLAYERS", "Rules"]

#: Most players of one game.
MAX_PLAYERS = 32
#: Most decks shuffled together.
MAX_DECKS = 4
#: The most decisions one game may hold (``max_decisions``): the history limit of ``from_dict`` (5,000,000).
MAX_DECISIONS = MAX_HISTORY
#: The turn cap of MK-11 when the rules' decisions bound allows it.
DEFAULT_MAX_TURNS = 5000

#: The Spanish deck a game uses (MK-01): 40 cards (no 8s and 9s) or 48.
DeckSize = Literal[40, 48]
#: What a move other than the forced one is (MK-10).
Infractions = Literal["penalize", "forbid"]


def _int_in(name: str, value: object, least: int, most: int, *, code: str, rule: str) -> None:
    if type(value) is not int or not least <= value <= most:
        raise RulesError(f"{name} must be an int from {least} to {most:,}, not {value!r}", code=code, rule=rule)


def _flag(name: str, value: object, *, code: str, rule: str) -> None:
    if type(value) is not bool:
        raise RulesError(f"{name} must be True or False, not {value!r}", code=code, rule=rule)


def _decks_for(players: int) -> int:
    """The default number of decks: one per four players, rounded up, at most MAX_DECKS."""
    return min(-(-players // 4), MAX_DECKS)


def _turn_decisions(cards: int, ranks: int) -> int:
    """A hard bound on the decisions of one turn (see :attr:`Rules.max_decisions`)."""
    return (cards + 1) * (2 * (ranks - 1) + 2) + 2


def _default_max_turns(rules: Rules) -> int:
    """5,000 turns, or fewer when the longest possible game would pass MAX_DECISIONS."""
    players, deck, decks = rules.players, rules.deck, rules.decks
    if type(players) is not int or type(deck) is not int or deck not in (40, 48):
        return DEFAULT_MAX_TURNS  # the validators refuse these rules anyway
    if decks is None or type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        decks = _decks_for(min(max(players, 2), MAX_PLAYERS))
    per_turn = _turn_decisions(deck * decks, 10 if deck == 40 else 12)
    return min(DEFAULT_MAX_TURNS, (MAX_DECISIONS - MAX_PLAYERS) // per_turn)


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of a Macarra game; the defaults are the house rulings.

    Attributes:
        players: number of players, 2 to 32 (MK-01; default 4).
        deck: 40 (default) or 48 cards per deck (MK-01).
        decks: decks shuffled together, 1 to 4; ``None`` (default) means one
            deck per four players, rounded up, at most 4 (MK-01). The decks
            must give every seat a card in the deal (MK-02): ``players`` is at
            most ``deck * decks`` (``Rules(players=41, decks=1)`` is refused).
        infractions: ``"penalize"`` (default: any move that fits stands and is
            punished with a macarra from every other player) or ``"forbid"``
            (only the forced move is legal) (MK-10).
        ace_macarra: an ace drawn from a face-down stock earns its drawer one
            macarra on every other player (MK-09a; default on).
        final_punishment: the loser is punished by bids against a hidden card
            (MK-09c; default on).
        max_turns: the turn cap of MK-11: after that many turns the player
            holding the most cards loses. Default 5,000, or less when the
            rules' hard bound on decisions (:attr:`max_decisions`) would pass
            5,000,000 (1,078 with 32 players and four 48-card decks; forced
            play ends within about 150 turns). At least 1; at most what keeps
            :attr:`max_decisions` within 5,000,000, the history limit of
            ``from_dict``.

    Raises:
        RulesError: for a value of the wrong type (exactly an int, a bool, one
            of the strings) or out of range; the codes are on the rules page.

    .. versionadded:: 0.1
    """

    players: int = 4
    deck: DeckSize = 40
    decks: int | None = None
    infractions: Infractions = "penalize"
    ace_macarra: bool = True
    final_punishment: bool = True
    max_turns: int = attrs.field(default=attrs.Factory(_default_max_turns, takes_self=True))

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players < 2:
            raise RulesError(f"players must be an int from 2 to {MAX_PLAYERS}, not {self.players!r}",
                             code="bad_players", rule="MK-01")
        if type(self.deck) is not int or self.deck not in (40, 48):
            raise RulesError(f"deck must be 40 or 48, not {self.deck!r}", code="bad_deck_size", rule="MK-01")
        if self.decks is not None:
            _int_in("decks", self.decks, 1, MAX_DECKS, code="bad_decks", rule="MK-01")
        if self.players > self.num_cards and (self.decks is not None or self.players <= MAX_PLAYERS):
            # the deal gives card k to seat k mod players: every seat gets one iff players <= cards
            raise RulesError(f"{self.num_decks} deck(s) of {self.deck} cards leave seats of {self.players} "
                             "players without a card", code="too_few_cards", rule="MK-02")
        if self.players > MAX_PLAYERS:
            raise RulesError(f"players must be an int from 2 to {MAX_PLAYERS}, not {self.players!r}",
                             code="too_many_players", rule="MK-01")
        if type(self.infractions) is not str or self.infractions not in ("penalize", "forbid"):
            raise RulesError(f"infractions must be 'penalize' or 'forbid', not {self.infractions!r}",
                             code="bad_infractions", rule="MK-10")
        _flag("ace_macarra", self.ace_macarra, code="bad_ace_macarra", rule="MK-09")
        _flag("final_punishment", self.final_punishment, code="bad_final_punishment", rule="MK-09")
        per_turn = _turn_decisions(self.num_cards, len(self.order))
        _int_in("max_turns", self.max_turns, 1, (MAX_DECISIONS - self.players + 1) // per_turn,
                code="bad_max_turns", rule="MK-11")

    @property
    def num_decks(self) -> int:
        """Decks in play: ``decks``, or one per four players rounded up (at most 4)."""
        return self.decks if self.decks is not None else _decks_for(self.players)

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
        punishment adds one bid per other player. The rules keep it within 5,000,000 (:data:`MAX_DECISIONS`).
        """
        per_turn = _turn_decisions(self.num_cards, len(self.order))
        return self.max_turns * per_turn + self.players - 1
