"""Refuse the ``learned`` bot under rules naipes ships no weights for, before a game starts.

The web lobby (:func:`naipes.web.botspecs.check_bots_play`), ``naipes play`` and
``naipes simulate`` share this check, so a table or a run is refused up front
(``no_weights``) rather than when the learned seat first has to move.

.. versionadded:: 1.2
"""

from __future__ import annotations

import importlib.util
from typing import Any, Iterable, Mapping

from naipes.errors import UsageError
from naipes.plugin import ships_learned_weights

__all__ = ["check_learned_rules"]


def check_learned_rules(game: str, rules: object, specs: Iterable[str]) -> None:
    """Refuse ``learned`` among ``specs`` when no shipped weights are for ``game`` under ``rules``.

    Without numpy nothing is checked here: loading the bot then says that numpy is missing.

    Raises:
        UsageError: ``no_weights``, naming the rules the shipped weights are for.
    """
    if all(spec.strip() != "learned" for spec in specs) or importlib.util.find_spec("numpy") is None:
        return
    if ships_learned_weights(game, rules):
        return
    from naipes.learn.bot import shipped

    made_for = "; ".join(_rules_text(meta.rules) for _, meta in shipped() if meta.game == game) or "none"
    raise UsageError(f"the learned bot of {game} plays only the rules it was trained for ({made_for})",
                     code="no_weights")


def _rules_text(rules: Mapping[str, Any]) -> str:
    """The main fields of a weight file's rules, briefly."""
    return ", ".join(f"{k}={v}" for k, v in rules.items() if k in ("players", "scope", "teams", "rounds"))
