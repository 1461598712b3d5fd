"""The variant options of Machuco, as one frozen :class:`Rules` value.

Every field is keyword-only and its default is the ruling of the house rules
(MC-01 to MC-24 and table 1.B on the rules page); an impossible combination raises
:class:`~naipes.errors.RulesError` when the value is built.

>>> r = Rules()
>>> r.players, r.has_teams, r.num_sides, r.threshold, r.target
(4, True, 2, 20, 21)
>>> Rules(teams=False).threshold, Rules(players=2).threshold
(10, 20)
>>> Rules(players=2, teams=True)
Traceback (most recent call last):
...
naipes.errors.RulesError: teams need 4 players
"""

from __future__ import annotations

from typing import Literal

import attrs

from naipes.errors import RulesError

__all__ = [
    "BOUNDS",
    "CanteResolution",
    "ChainScoring",
    "Rules",
    "Scope",
    "TurnupMatchPoints",
    "WinCheck",
]

#: What a turned-up card matching its position scores (MC-05).
TurnupMatchPoints = Literal["one", "position"]
#: When contested cantes are paid (MC-11).
CanteResolution = Literal["end_of_deal", "end_of_hand"]
#: How a majo chain scores (MC-16).
ChainScoring = Literal["cumulative", "last_only"]
#: When a chico can end (MC-21).
WinCheck = Literal["immediate", "end_of_hand"]
#: How much one game plays (MC-23).
Scope = Literal["hand", "chico", "partido", "match"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "turnup_match_points": ("one", "position"),
    "contested_cante_resolution": ("end_of_deal", "end_of_hand"),
    "majo_chain_scoring": ("cumulative", "last_only"),
    "win_check": ("immediate", "end_of_hand"),
    "scope": ("hand", "chico", "partido", "match"),
}


#: The bounds of the numeric rules, ``{field: (lowest, highest)}``: they keep one game
#: (a match of at most 19 x 19 chicos to at most 200 points) within a few MB of history.
BOUNDS: dict[str, tuple[int, int]] = {
    "envio_limit": (2, 100),
    "card_threshold": (0, 40),
    "malas": (1, 100),
    "buenas": (1, 100),
    "chicos_per_partido": (1, 10),
    "partidos_to_win": (1, 10),
}


def _check_int(name: str, value: object) -> None:
    low, high = BOUNDS[name]
    if type(value) is not int:
        raise RulesError(f"{name} must be an int, not {value!r}", code="not_an_int")
    if value < low:
        raise RulesError(f"{name} must be at least {low}, not {value}", code="too_small")
    if value > high:
        raise RulesError(f"{name} must be at most {high}, not {value}", code="too_large")


@attrs.frozen(kw_only=True)
class Rules:
    """The rules of a Machuco game; the defaults are the house rulings.

    Attributes:
        players: 2, or 4 (MC-02; default 4).
        teams: with 4 players, partnerships {0,2} against {1,3} (default) or
            four individual players (``False``). ``None`` means partnerships
            with 4 players and none with 2.
        turnup_match_points: a turned-up card matching its position scores
            ``"one"`` point (default) or ``"position"`` points (MC-05).
        envio_enabled: whether the decider of a contested cante may send an
            envío (MC-09).
        envio_limit: the highest envío, 2 to 100 (MC-09; default 5).
        contested_cante_resolution: contested cantes are paid at the
            ``"end_of_deal"`` (default) or the ``"end_of_hand"`` (MC-11).
        compulsory_capture: a player holding a capturing card must capture
            (MC-13; default off).
        majo_chain_scoring: ``"cumulative"`` (1, 2, 3 for majo, contramajo,
            recontramajo) or ``"last_only"`` (only the closing link scores;
            MC-16).
        limpia_on_last_play: whether a limpia on the last play of the hand
            scores (MC-17; default off).
        card_threshold: cards a side must pass before its cards score; ``None``
            means 40 / number of sides (MC-20); 0 to 40.
        win_check: a chico ends the moment a side reaches the target
            (``"immediate"``) or after the card count (``"end_of_hand"``;
            MC-21).
        malas: points of the first half of a chico (MC-22; 11; 1 to 100).
        buenas: points of the second half (MC-22; 10; 1 to 100).
        chicos_per_partido: chicos that win a partido (MC-23; 2; 1 to 10).
        partidos_to_win: partidos that win the match (MC-23; 2; 1 to 10).
        scope: how much one game plays: ``"hand"``, ``"chico"``,
            ``"partido"`` or ``"match"`` (MC-23; default ``"match"``).

    Every field takes its exact type (an int field refuses ``True`` and
    ``2.0``; a choice refuses anything but its strings). The numeric bounds
    (:data:`BOUNDS`) keep one game within a few MB and its construction
    within microseconds.

    Raises:
        RulesError: for a value of the wrong type (codes ``not_an_int``,
            ``not_a_bool``, ``bad_choice``, ``bad_players``), out of range
            (``too_small``, ``too_large``) or an impossible combination.

    .. versionadded:: 0.1
    """

    players: int = 4
    teams: bool | None = None
    turnup_match_points: TurnupMatchPoints = "one"
    envio_enabled: bool = True
    envio_limit: int = 5
    contested_cante_resolution: CanteResolution = "end_of_deal"
    compulsory_capture: bool = False
    majo_chain_scoring: ChainScoring = "cumulative"
    limpia_on_last_play: bool = False
    card_threshold: int | None = None
    win_check: WinCheck = "immediate"
    malas: int = 11
    buenas: int = 10
    chicos_per_partido: int = 2
    partidos_to_win: int = 2
    scope: Scope = "match"

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (2, 4):
            raise RulesError(f"Machuco is played by 2 or 4 players, not {self.players!r}", code="bad_players",
                             rule="MC-02")
        if self.teams is not None and type(self.teams) is not bool:
            raise RulesError(f"teams must be True, False or None, not {self.teams!r}", code="not_a_bool")
        if self.teams and self.players != 4:
            raise RulesError("teams need 4 players", code="teams_need_four", rule="MC-02")
        for name in ("envio_enabled", "compulsory_capture", "limpia_on_last_play"):
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} must be True or False, not {getattr(self, name)!r}", code="not_a_bool")
        for name, allowed in _CHOICES.items():
            if type(getattr(self, name)) is not str or getattr(self, name) not in allowed:
                raise RulesError(f"{name} must be one of {allowed}, not {getattr(self, name)!r}",
                                 code="bad_choice")
        for name in BOUNDS:
            if name != "card_threshold" or self.card_threshold is not None:
                _check_int(name, getattr(self, name))

    @property
    def has_teams(self) -> bool:
        """True when four players play in two partnerships."""
        return self.players == 4 and self.teams is not False

    @property
    def num_sides(self) -> int:
        """Number of scoring sides: 2, or 4 individual players."""
        return 2 if self.players == 2 or self.has_teams else 4

    @property
    def threshold(self) -> int:
        """The card-count threshold T (MC-20): ``card_threshold`` or 40 / sides."""
        return self.card_threshold if self.card_threshold is not None else 40 // self.num_sides

    @property
    def target(self) -> int:
        """Points that win a chico: ``malas + buenas`` (21)."""
        return self.malas + self.buenas

    @property
    def deals_per_hand(self) -> int:
        """Deals of three cards in one hand: 3 with 4 players, 6 with 2 (MC-04)."""
        return 36 // (3 * self.players)
