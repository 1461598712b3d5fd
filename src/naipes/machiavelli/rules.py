"""The variant options of Machiavelli, as one frozen :class:`Rules` value.

Every field is keyword-only and its default is the ruling of the house rules
(``machiavelli.md``, MV-01 to MV-14); an impossible combination raises
:class:`~naipes.errors.RulesError` when the value is built.

>>> Rules().num_decks, Rules().cards_per_player, Rules(players=6).num_decks
(2, 13, 3)
>>> Rules(decks=3, players=5).cards_per_player
15
>>> Rules(jokers=3)
Traceback (most recent call last):
...
naipes.errors.RulesError: jokers must be 0, 2 or 4, not 3
"""

from __future__ import annotations

from typing import Literal

import attrs

from naipes.errors import RulesError

__all__ = ["Mode", "NextStarter", "Rules"]

#: How the first player of a later deal is chosen (MV-02).
NextStarter = Literal["rotate", "previous_winner"]
#: How deals make a game (MV-09).
Mode = Literal["session", "single_deal"]

_MAX_PLAYERS = {2: 5, 3: 6}


def _check_int(name: str, value: object, allowed: tuple[int, ...] | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"{name} must be an int, not {value!r}", code="not_an_int")
    if allowed is not None and value not in allowed:
        choices = ", ".join(str(a) for a in allowed[:-1]) + f" or {allowed[-1]}"
        raise RulesError(f"{name} must be {choices}, not {value!r}", code="out_of_range")


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of a Machiavelli game; the defaults are the house rulings.

    Attributes:
        players: number of players, 2–6 (MV-01; default 4).
        decks: 52-card decks in play, 2 or 3 (MV-01, MV-13). ``None`` means 2,
            or 3 with five or more players.
        hand_size: cards dealt to each player. ``None`` means 13 with two
            decks and 15 with three (MV-01).
        jokers: jokers added to the decks: 0, 2 or 4 (MV-12).
        joker_penalty: penalty points of a joker left in a hand (MV-12; 25).
        min_natural_per_combination: natural (non-joker) cards every
            combination must hold, 1–3 (MV-12; 2).
        initial_meld_min: value the first play of each player must reach with
            new combinations from his hand only; 0 turns the rule off (MV-11;
            the variant is 36).
        penalty_cards: cards drawn after a failed turn, 1 or 3 (MV-06).
        next_starter: ``"rotate"`` or ``"previous_winner"`` (MV-02).
        exhaustion_winner_scores_own_hand: when the stock runs out, the deal
            winners also score their own hand points (MV-08; default off).
        mode: ``"session"`` (deals until a total reaches ``threshold``) or
            ``"single_deal"`` (MV-09).
        threshold: the session ends after a deal in which some total is at
            least this many penalty points (MV-09; 100).

    Raises:
        RulesError: for a value out of range or a combination the cards
            cannot serve (e.g. six players with two decks).

    .. versionadded:: 0.1
    """

    players: int = 4
    decks: int | None = None
    hand_size: int | None = None
    jokers: int = 0
    joker_penalty: int = 25
    min_natural_per_combination: int = 2
    initial_meld_min: int = 0
    penalty_cards: int = 1
    next_starter: NextStarter = "rotate"
    exhaustion_winner_scores_own_hand: bool = False
    mode: Mode = "session"
    threshold: int = 100

    def __attrs_post_init__(self) -> None:
        _check_int("players", self.players, (2, 3, 4, 5, 6))
        if self.decks is not None:
            _check_int("decks", self.decks, (2, 3))
        _check_int("jokers", self.jokers, (0, 2, 4))
        _check_int("penalty_cards", self.penalty_cards, (1, 3))
        _check_int("min_natural_per_combination", self.min_natural_per_combination, (1, 2, 3))
        for name in ("joker_penalty", "initial_meld_min", "threshold"):
            _check_int(name, getattr(self, name))
            if getattr(self, name) < 0:
                raise RulesError(f"{name} must not be negative, not {getattr(self, name)}", code="out_of_range")
        if self.threshold < 1:
            raise RulesError("threshold must be at least 1", code="out_of_range", rule="MV-09")
        if self.next_starter not in ("rotate", "previous_winner"):
            raise RulesError(f"next_starter must be 'rotate' or 'previous_winner', not {self.next_starter!r}",
                             code="out_of_range", rule="MV-02")
        if self.mode not in ("session", "single_deal"):
            raise RulesError(f"mode must be 'session' or 'single_deal', not {self.mode!r}", code="out_of_range",
                             rule="MV-09")
        self._check_deal()

    def _check_deal(self) -> None:
        if self.players > _MAX_PLAYERS[self.num_decks]:
            raise RulesError(f"{self.players} players need three decks, not {self.num_decks}",
                             code="too_many_players", rule="MV-13")
        if self.hand_size is not None:
            _check_int("hand_size", self.hand_size)
            if self.hand_size < 1:
                raise RulesError(f"hand_size must be positive, not {self.hand_size}", code="out_of_range")
        if self.players * self.cards_per_player >= self.deck_size:
            raise RulesError(
                f"{self.players} hands of {self.cards_per_player} leave no stock "
                f"in {self.deck_size} cards", code="no_stock", rule="MV-01"
            )

    @property
    def num_decks(self) -> int:
        """The number of 52-card decks: ``decks``, or its default for ``players``."""
        if self.decks is not None:
            return self.decks
        return 3 if self.players >= 5 else 2

    @property
    def copies(self) -> int:
        """How many copies of each natural card the decks hold (= :attr:`num_decks`)."""
        return self.num_decks

    @property
    def cards_per_player(self) -> int:
        """Cards dealt to each player: ``hand_size``, or 13 / 15 with two / three decks."""
        if self.hand_size is not None:
            return self.hand_size
        return 15 if self.num_decks == 3 else 13

    @property
    def cards_per_hand(self) -> int:
        """Alias of :attr:`cards_per_player`."""
        return self.cards_per_player

    @property
    def deck_size(self) -> int:
        """All the cards in play: 52 per deck plus the jokers.

        >>> Rules().deck_size, Rules(decks=3, players=6, jokers=4).deck_size
        (104, 160)
        """
        return 52 * self.num_decks + self.jokers

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal.

        >>> Rules().stock_size, Rules(players=6).stock_size
        (52, 66)
        """
        return self.deck_size - self.players * self.cards_per_player
