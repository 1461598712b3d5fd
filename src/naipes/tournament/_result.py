"""What a tournament came to: :class:`TournamentResult` (internal)."""

from __future__ import annotations

import math
from typing import Any

import attrs

from naipes.tournament._forfeit import Forfeit
from naipes.tournament._ratings import Rating
from naipes.tournament._schedule import derive_seed
from naipes.tournament._stats import EntrantStats
from naipes.tournament._svg import ratings_svg
from naipes.tournament._worker import GameRecord

__all__ = ["ROUGH_DEALS", "TournamentResult"]

#: With fewer deals than this, the table says that its intervals are rough: a normal
#: (or Wilson) approximation, and the bootstrap over deals, need more deals to hold.
ROUGH_DEALS = 30


def _num(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _fmt(value: float, digits: int = 2) -> str:
    return f"{value:.{digits}f}" if math.isfinite(value) else "-"


def _strongest_first(r: Rating) -> tuple[bool, float, int]:
    """Sort key: rated entrants by falling rating, then the unrated ones."""
    rated = math.isfinite(r.rating)
    return (not rated, -r.rating if rated else 0.0, r.entrant)


def _percent_interval(interval: tuple[float, float]) -> str:
    return f"[{_fmt(100 * interval[0], 1)}, {_fmt(100 * interval[1], 1)}]"


def _record_dict(record: GameRecord, seed: int) -> dict[str, Any]:
    out = attrs.asdict(record)
    out["bot_seeds"] = [derive_seed(seed, "bot", record.index, s) for s in range(len(record.seats))]
    return out


#: The words of :meth:`TournamentResult.table`, by language.
_TABLE: dict[str, dict[str, Any]] = {
    "en": {"head": ("bot", "games", "wins", "outright", "shared", "score [95 %]", "mean return [95 %]",
                    "rating [95 %]"), "forfeits": "forfeits", "unrated": "unrated",
           "rough": "(only {n} deal{s}: fewer than {rough}, so the intervals are rough)"},
    "es": {"head": ("bot", "partidas", "victorias", "solo", "compartidas", "puntuación [95 %]",
                    "retorno medio [95 %]", "valoración [95 %]"), "forfeits": "abandonos", "unrated": "sin valorar",
           "rough": "(solo {n} reparto{s}: menos de {rough}, así que los intervalos son aproximados)"},
}


def _rating_text(r: Rating, unrated: str = "unrated") -> str:
    if not math.isfinite(r.rating):
        return unrated
    return f"{r.rating:+.0f} [{_fmt(r.interval[0], 0)}, {_fmt(r.interval[1], 0)}]"


@attrs.frozen(kw_only=True)
class TournamentResult:
    """A tournament's games, its table per entrant and its ratings.

    Everything but ``seconds`` is a function of the arguments of
    :func:`~naipes.tournament.run` alone: equal whatever ran the games.

    Attributes:
        game: the game's name.
        players: seats per game.
        bots: the entrants' names: their specs as given, with ``#2``, ``#3``... on repeats.
        games: games played.
        seed: the tournament's seed.
        duplicate: whether every lineup replayed the same deals.
        lineups: the entrant of each side, per lineup, in the order they are played.
        records: every game, in order.
        entrants: the table per entrant, in the order of ``bots``.
        ratings: the Bradley–Terry ratings, in the order of ``bots``.
        seconds: how long the games took (wall clock; not compared).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       Wilson intervals of the scores, :attr:`deals`, :attr:`rough`, :attr:`forfeits`;
       every record's deal seed (and, in :meth:`to_dict`, its bots' seeds).
    """

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    duplicate: bool
    lineups: tuple[tuple[int, ...], ...]
    records: tuple[GameRecord, ...] = attrs.field(repr=False)
    entrants: tuple[EntrantStats, ...]
    ratings: tuple[Rating, ...]
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def deals(self) -> int:
        """How many deals were played (in duplicate mode, a deal is played in several games)."""
        return self.records[-1].deal + 1 if self.records else 0

    @property
    def rough(self) -> bool:
        """Whether there were fewer than :data:`ROUGH_DEALS` deals: the intervals are rough."""
        return self.deals < ROUGH_DEALS

    @property
    def forfeits(self) -> tuple[Forfeit, ...]:
        """The games a bot forfeited (``on_error="forfeit"``), in game order."""
        return tuple(r.forfeit for r in self.records if r.forfeit is not None)

    def to_dict(self, *, records: bool = False) -> dict[str, Any]:
        """The result as JSON-compatible data (undefined ratings, mean returns and interval bounds as ``None``).

        Args:
            records: include every game's record: its deal ``seed``, ``lineup``, the entrant
                of each seat, how it ended (``forfeit`` when a bot failed) and its bots'
                seeds (``bot_seeds``, per seat).
        """
        out: dict[str, Any] = {
            "game": self.game, "players": self.players, "bots": list(self.bots), "games": self.games,
            "seed": self.seed, "duplicate": self.duplicate, "lineups": [list(x) for x in self.lineups],
            "deals": self.deals, "rough": self.rough, "seconds": round(self.seconds, 3),
            "entrants": [{"entrant": e.entrant, "bot": e.bot, "games": e.games, "wins": e.wins,
                          "outright": e.outright, "shared": e.shared, "score": e.score,
                          "score_interval": [_num(v) for v in e.score_interval], "forfeits": e.forfeits,
                          "mean_return": _num(e.mean_return),
                          "return_interval": [_num(v) for v in e.return_interval]} for e in self.entrants],
            "ratings": [{"entrant": r.entrant, "bot": r.bot, "rating": _num(r.rating),
                         "interval": [_num(v) for v in r.interval]} for r in self.ratings],
            "forfeits": [f.to_dict() for f in self.forfeits],
        }
        if records:
            out["records"] = [_record_dict(r, self.seed) for r in self.records]
        return out

    def table(self, lang: str = "en") -> str:
        """The table per entrant as text, strongest rating first, in ``lang`` (``en`` or ``es``).

        Columns: games, wins (shared wins split), outright and shared wins, score
        (wins per game) with its 95 % Wilson interval, mean return with its 95 %
        interval, rating with its interval (``unrated`` for an entrant that played no
        game), and forfeits when a bot forfeited. With fewer than :data:`ROUGH_DEALS`
        deals, a last line says the intervals are rough.

        .. versionchanged:: 1.2
           ``lang``.
        """
        words = _TABLE.get(lang, _TABLE["en"])
        head = list(words["head"])
        forfeits = any(e.forfeits for e in self.entrants)
        if forfeits:
            head.append(words["forfeits"])
        rows = []
        for r in sorted(self.ratings, key=_strongest_first):
            e = self.entrants[r.entrant]
            low, high = e.return_interval
            rows.append([e.bot, str(e.games), f"{e.wins:g}", str(e.outright), str(e.shared),
                         f"{100 * e.score:.1f}% {_percent_interval(e.score_interval)}",
                         f"{_fmt(e.mean_return)} [{_fmt(low)}, {_fmt(high)}]", _rating_text(r, words["unrated"])]
                        + ([str(e.forfeits)] if forfeits else []))
        widths = [max(len(head[i]), *(len(row[i]) for row in rows)) for i in range(len(head))]

        def line(cells: list[str]) -> str:
            return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        lines = [line(head), line(["-" * w for w in widths]), *map(line, rows)]
        if self.rough:
            lines.append(words["rough"].format(n=self.deals, s="s" if self.deals != 1 else "", rough=ROUGH_DEALS))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The tournament in notebooks: the ratings and scores as an HTML table, then the chart.

        .. versionadded:: 1.2
        """
        from naipes._html import safe, tournament_html

        return safe(lambda: tournament_html(self), self)

    def svg(self) -> str:
        """The chart of the ratings with their intervals, as an SVG document."""
        mode = "duplicate deals" if self.duplicate else "independent deals"
        return ratings_svg(self.ratings, title=f"{self.game}: {self.games} games, {mode}, seed {self.seed}")
