"""Tournaments between bots: seats rotated, duplicate deals, ratings, on any executor.

:func:`run` plays many games between bots given as specs (``"ismcts:iterations=200"``,
``"random"``, ``"module:Class"``; see :mod:`naipes.bots`), with every entrant
rotated through the sides of the table and, with ``duplicate``, every deal
replayed in every lineup. It sums the games up per entrant (games, wins, mean
returns with 95 % intervals) and rates the entrants with a Bradley–Terry model
fitted on the pairwise outcomes of each game's ranking, with bootstrap
intervals. The games run in this process, in a pool of processes (``jobs=``),
or on any :class:`concurrent.futures.Executor`: Dask's
``distributed.Client(...).get_executor()``, or :class:`RayExecutor` for Ray.
Work is shipped in chunks of games, made as they are submitted, and the results
are identical from the seed whatever ran them. At most :data:`MAX_GAMES` games
and :data:`MAX_JOBS` jobs.

``save=DIR`` writes every game as a record file that ``naipes replay`` opens
(at most :data:`MAX_SAVED_GAMES` games). A bot that raises or answers an illegal
move stops the tournament with a :class:`BotFailedError` (``on_error="stop"``, the
default) or forfeits that game (``on_error="forfeit"``): a :class:`Forfeit` in
:attr:`TournamentResult.forfeits`. Scores get Wilson intervals
(:func:`wilson_interval`, a tie counting half a win).

>>> from naipes import tournament
>>> result = tournament.run("machuco", ["best", "random"], games=4, rules={"scope": "hand"})
>>> result.entrants[0].games, result.lineups
(4, ((0, 1), (1, 0)))

.. versionadded:: 1.1
"""

from __future__ import annotations

from naipes.tournament._forfeit import BotFailedError, Forfeit
from naipes.tournament._ratings import BOOTSTRAP_RESAMPLES, Rating, bradley_terry
from naipes.tournament._ray import RayExecutor
from naipes.tournament._result import ROUGH_DEALS, TournamentResult
from naipes.tournament._run import MAX_GAMES, MAX_JOBS, run
from naipes.tournament._save import MAX_SAVED_GAMES
from naipes.tournament._schedule import lineups
from naipes.tournament._stats import EntrantStats, wilson_interval
from naipes.tournament._svg import ratings_svg
from naipes.tournament._worker import GameRecord

__all__ = ["BOOTSTRAP_RESAMPLES", "BotFailedError", "EntrantStats", "Forfeit", "GameRecord", "MAX_GAMES", "MAX_JOBS",
           "MAX_SAVED_GAMES", "ROUGH_DEALS", "Rating", "RayExecutor", "TournamentResult", "bradley_terry", "lineups",
           "ratings_svg", "run", "wilson_interval"]
