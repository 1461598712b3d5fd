"""The variant options of Machiavelli, as one frozen :class:`Rules` value.

Every field is keyword-only and its default is the ruling of the house rules
(MV-01 to MV-14 on the rules page); an impossible combination raises
:class:`~naipes.errors.RulesError` when the value is built.

>>> Rules().num_decks, Rules().cards_per_player, Rules(players=6).num_decks
(2, 13, 3)
>>> Rules(players=5).num_decks, Rules(players=5).cards_per_player
(2, 13)
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

__all__ = ["MAX_INITIAL_MELD", "MAX_JOKER_PENALTY", "MAX_THRESHOLD", "Mode", "NextStarter", "Rules"]

#: How the first player of a later deal is chosen (MV-02).
NextStarter = Literal["rotate", "previous_winner"]
#: How deals make a game (MV-09).
Mode = Literal["session", "single_deal"]

_MAX_PLAYERS = {2: 5, 3: 6}

#: The largest ``threshold`` (MV-09): keeps a session within a few thousand hands.
MAX_THRESHOLD = 10_000
#: The largest ``joker_penalty`` (MV-12).
MAX_JOKER_PENALTY = 1_000
#: The largest ``initial_meld_min`` (MV-11).
MAX_INITIAL_MELD = 1_000


def _check_int(name: str, value: object, allowed: tuple[int, ...] | None = None) -> None:
    if type(value) is not int:
        raise RulesError(f"{name} must be an int, not {value!r}", code="not_an_int")
    if allowed is not None and value not in allowed:
        choices = ", ".join(str(a) for a in allowed[:-1]) + f" or {allowed[-1]}"
        raise RulesError(f"{name} must be {choices}, not {value!r}", code="out_of_range")


def _check_range(name: str, value: object, lo: int, hi: int, rule: str) -> None:
    _check_int(name, value)
    assert isinstance(value, int)
    if not lo <= value <= hi:
        raise RulesError(f"{name} must be between {lo} and {hi}, not {value}", code="out_of_range", rule=rule)


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of a Machiavelli game; the defaults are the house rulings.

    Attributes:
        players: number of players, 2–6 (MV-01; default 4). Two decks serve
            at most five players, three decks six.
        decks: 52-card decks in play, 2 or 3 (MV-01, MV-13). ``None`` means 2,
            or 3 with six players (five players play with two decks and
            13 cards unless ``decks=3`` is asked).
        hand_size: cards dealt to each player, at least 1; the hands must leave
            a stock (``players * hand_size < deck_size``). ``None`` means 13
            with two decks and 15 with three (MV-01).
        jokers: jokers added to the decks: 0, 2 or 4 (MV-12).
        joker_penalty: penalty points of a joker left in a hand, 0–1000
            (MV-12; 25).
        min_natural_per_combination: natural (non-joker) cards every
            combination must hold, 1–3 (MV-12; 2).
        initial_meld_min: value the first play of each player must reach with
            new combinations from his hand only, 0–1000; 0 turns the rule off
            (MV-11; the variant is 36).
        penalty_cards: cards drawn after a failed turn, 1 or 3 (MV-06).
        next_starter: ``"rotate"`` or ``"previous_winner"`` (MV-02).
        exhaustion_winner_scores_own_hand: when the stock runs out, the deal
            winners also score their own hand points (MV-08; default off).
        mode: ``"session"`` (deals until a total reaches ``threshold``) or
            ``"single_deal"`` (MV-09).
        threshold: the session ends after a deal in which some total is at
            least this many penalty points, 1–10,000 (MV-09; 100).

    Every int field must be an ``int`` (not a ``bool``, ``float`` or ``str``:
    code ``not_an_int``), ``exhaustion_winner_scores_own_hand`` a ``bool``
    (``not_a_bool``). The bounds keep one game within a few MB: at most
    6 × 160 cards in play and sessions of at most a few thousand hands.

    Raises:
        RulesError: for a value of the wrong type, out of range or a
            combination the cards cannot serve (e.g. six players with two decks).

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
        _check_range("joker_penalty", self.joker_penalty, 0, MAX_JOKER_PENALTY, "MV-12")
        _check_range("initial_meld_min", self.initial_meld_min, 0, MAX_INITIAL_MELD, "MV-11")
        _check_range("threshold", self.threshold, 1, MAX_THRESHOLD, "MV-09")
        if type(self.exhaustion_winner_scores_own_hand) is not bool:
            raise RulesError("exhaustion_winner_scores_own_hand must be true or false, "
                             f"not {self.exhaustion_winner_scores_own_hand!r}", code="not_a_bool", rule="MV-08")
        if type(self.next_starter) is not str or type(self.mode) is not str:
            raise RulesError("next_starter and mode are strings", code="out_of_range")
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
            _check_range("hand_size", self.hand_size, 1, self.deck_size, "MV-01")
        if self.players * self.cards_per_player >= self.deck_size:
            raise RulesError(
                f"{self.players} hands of {self.cards_per_player} leave no stock "
                f"in {self.deck_size} cards", code="too_few_cards", rule="MV-01"
            )

    @property
    def num_decks(self) -> int:
        """The number of 52-card decks: ``decks``, or its default for ``players`` (3 for six, else 2)."""
        if self.decks is not None:
            return self.decks
        return 3 if self.players >= 6 else 2

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

        >>> Rules().stock_size, Rules(players=6).stock_size, Rules(players=5).stock_size
        (52, 66, 39)
        """
        return self.deck_size - self.players * self.cards_per_player
