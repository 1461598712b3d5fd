"""Saving a tournament's games as record files that ``naipes replay`` opens (internal).

``run(..., save=DIR)`` writes game ``g`` to ``DIR/game-<g>.json`` (``g`` with at least
six digits, ``game-000000.json`` first) as it is played, and the whole result, every
game's seed and lineup included, to ``DIR/tournament.json`` at the end. Each file is
a :meth:`naipes.game.Game.record` (the moves played, up to a forfeit) with a ``meta``
dict: ``bots`` (the entrant's name per seat), ``tournament`` (its ``seed``, the
``game`` number, ``deal``, ``deal_seed``, ``lineup``, ``seats``, the bot ``specs`` and
``bot_seeds`` per seat, and the ``ranking``, ``winners`` and ``returns`` it came to)
and ``forfeit`` (``null``, or the :class:`~naipes.tournament.Forfeit`'s fields and
its ``text``). The directory is checked before the first game: a path that is a file, or
that cannot be created or written, is ``bad_save_dir``; a directory that already
holds anything is ``save_dir_not_empty`` unless ``overwrite`` (which replaces files
of the same names and leaves the others alone). At most :data:`MAX_SAVED_GAMES`
games are saved per tournament. Each file is written to a temporary name and then
renamed, so an interrupted run leaves no half-written record.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from naipes.errors import NaipesError, UsageError

__all__ = ["MAX_SAVED_GAMES", "SUMMARY", "Saver", "check_save_dir", "record_name"]

#: The most games a tournament may save (``save=``): one file each.
MAX_SAVED_GAMES = 100_000
#: The name of the file that holds the whole result in a save directory.
SUMMARY = "tournament.json"


def record_name(index: int, games: int) -> str:
    """The file name of game ``index`` of ``games`` (sorted names are in game order).

    >>> record_name(7, 40), record_name(7, 10**7)
    ('game-000007.json', 'game-0000007.json')
    """
    width = max(6, len(str(games - 1)))
    return f"game-{index:0{width}d}.json"


def _bad(path: object, problem: str) -> UsageError:
    return UsageError(f"save directory {path}: {problem}", code="bad_save_dir")


def check_save_dir(path: object, *, overwrite: bool, games: int) -> Path:
    """The save directory, absolute, after checking that the tournament may write there.

    Nothing is created here (see :class:`Saver`).

    Raises:
        UsageError: ``bad_save_dir`` (not a path, a file, not creatable or not
            writable), ``save_dir_not_empty`` (holds files and ``overwrite`` is
            false) or ``too_many_saved_games``.
    """
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise _bad(path, "give a directory's path (a str or os.PathLike)")
    if games > MAX_SAVED_GAMES:
        raise UsageError(f"at most {MAX_SAVED_GAMES:,} games are saved per tournament, not {games:,}",
                         code="too_many_saved_games")
    target = Path(os.fspath(path)).absolute()
    if target.exists():
        if not target.is_dir():
            raise _bad(path, "it is a file, not a directory")
        try:  # a probe, not os.access: also right for root and for read-only file systems
            with tempfile.TemporaryFile(dir=target):
                pass
        except OSError as exc:
            raise _bad(path, f"it is not writable ({exc.strerror or exc})") from exc
        if not overwrite and next(target.iterdir(), None) is not None:
            raise UsageError(f"save directory {path} is not empty: give an empty or new directory, or "
                             "overwrite (--overwrite) to replace its records", code="save_dir_not_empty")
        return target
    ancestor = target.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise _bad(path, f"{ancestor} is a file, not a directory")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise _bad(path, f"it cannot be created ({ancestor} is not writable)")
    return target


class Saver:
    """Writes a tournament's records into a checked directory (made here if missing)."""

    def __init__(self, directory: Path, games: int, *, overwrite: bool) -> None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _bad(directory, f"it cannot be created ({exc.strerror or exc})") from exc
        self.directory, self.games, self.overwrite = directory, games, overwrite

    def record(self, index: int, record: dict[str, Any]) -> Path:
        """Write game ``index``'s record; its path."""
        return self._write(record_name(index, self.games), record)

    def summary(self, data: dict[str, Any]) -> Path:
        """Write the tournament's result (:meth:`TournamentResult.to_dict` with records)."""
        return self._write(SUMMARY, data)

    def _write(self, name: str, data: dict[str, Any]) -> Path:
        path = self.directory / name
        if not self.overwrite and path.exists():
            raise NaipesError(f"{path} appeared while the tournament ran: not overwritten",
                              code="save_dir_not_empty")
        temporary = self.directory / f".{name}.tmp"
        try:
            temporary.write_text(json.dumps(data, indent=1, allow_nan=False) + "\n", encoding="utf-8")
            os.replace(temporary, path)
        except OSError as exc:
            temporary.unlink(missing_ok=True)
            raise NaipesError(f"cannot write {path}: {exc.strerror or exc}", code="save_failed") from exc
        return path
