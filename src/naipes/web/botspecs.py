"""The bots of ``naipes serve``'s tables: the specs a client may name, and the bots built from them.

These were in :mod:`naipes.web.tables` (still importable from there).

.. versionadded:: 1.2
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any, Mapping

from naipes._learned_rules import check_learned_rules
from naipes.bots import Bot, RandomBot, check_bot_spec, load_bot
from naipes.errors import NaipesError, UsageError
from naipes.plugin import GamePlugin
from naipes.web.limits import check_client_bot

if TYPE_CHECKING:
    from naipes.web.tables import Settings

__all__ = ["check_bots_play", "check_client_bots", "client_bot", "server_bot"]

AnyPlugin = GamePlugin[Any, Any, Any]

log = logging.getLogger("naipes.web")


def check_client_bots(bots: Mapping[int, str], settings: Settings, game: str | None = None) -> None:
    """Refuse a client's bot specs that the server does not take, importing nothing unasked.

    ``best`` and registered names (with ``iterations`` and ``seconds`` within the
    settings' bounds) are taken, ``module:Class`` only when it is one of
    ``settings.allowed_bots``; with ``game``, the names of that game's plugin too (``strong``).

    Raises:
        UsageError: ``module_bots_refused``, ``bot_param_refused``, ``bad_bot_args``,
            ``no_such_bot`` (see :func:`naipes.web.limits.check_client_bot`).
    """
    for spec in bots.values():
        if not isinstance(spec, str):
            raise UsageError(f"a bot spec is a text, not {spec!r}", code="bad_message")
        if spec.strip() == "best":
            continue
        check_client_bot(spec, max_iterations=settings.max_bot_iterations,
                         max_seconds=settings.max_bot_seconds)
        check_bot_spec(spec, modules=settings.allowed_bots or False, path=settings.bot_path, game=game)


def check_bots_play(game_plugin: AnyPlugin, rules: object, bots: Mapping[int, str]) -> None:
    """Refuse a bot that cannot play under the table's ``rules``: ``learned`` plays only the rules
    naipes ships weights for (the lobby lists it for the game, whatever rules a table picks).

    Raises:
        UsageError: ``no_weights``, naming the rules the shipped weights are for.

    .. versionadded:: 1.2
    """
    check_learned_rules(game_plugin.info.name, rules, bots.values())


def client_bot(game_plugin: AnyPlugin, spec: str, settings: Settings) -> Bot[Any, Any]:
    """The bot of a checked client spec: the game's ``best``, else :func:`naipes.bots.load_bot`
    taking ``module:Class`` only from ``settings.allowed_bots`` (from the installed packages,
    ``PYTHONPATH`` and ``settings.bot_path``; not the current directory unless one of those)."""
    if spec.strip() == "best":
        return server_bot(game_plugin, "best")
    return load_bot(spec, seed=secrets.randbits(32), modules=settings.allowed_bots or False,
                    path=settings.bot_path, game=game_plugin.info)


def server_bot(game_plugin: AnyPlugin, spec: str, *, modules: bool = False,
               path: tuple[str, ...] = ()) -> Bot[Any, Any]:
    """A bot the server chose (a client's ``best``, or the operator's takeover bot): the game's
    bot names (:meth:`~naipes.plugin.GamePlugin.bots`), registered names and, with ``modules``
    (the operator's own spec only), ``module:Class``, its module also from ``path``; with a
    secret seed.

    ``best`` falls back to a random bot (logged) when the game's best bot does not load.
    """
    try:
        return load_bot(spec, seed=secrets.randbits(32), modules=modules, path=path, game=game_plugin.info)
    except NaipesError as exc:
        if spec.strip() != "best":
            raise
        log.warning("no best bot for %s (%s); a random bot plays", game_plugin.info.name, exc)
        return RandomBot(secrets.randbits(32))
