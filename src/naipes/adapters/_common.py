"""What the adapters share (internal): a game, its plugin, its action space and its rules by name."""

from __future__ import annotations

from typing import Any

import attrs

from naipes.errors import UsageError
from naipes.plugin import GamePlugin, plugin
from naipes.registry import GameInfo, find_game


def resolve(game: str, rules: Any = None, **fields: Any) -> tuple[GameInfo, Any, Any]:
    """The game's registry entry, its ``Rules`` (``rules`` or built from ``fields``) and the
    action space its plugin gives for them."""
    info = find_game(game)
    game_plugin = plugin(info)
    if rules is not None and fields:
        raise UsageError("give rules= or rule fields, not both", code="rules_and_fields")
    if rules is None:
        try:
            rules = game_plugin.Rules(**fields)
        except TypeError as exc:
            names = ", ".join(f.name for f in attrs.fields(game_plugin.Rules))
            raise UsageError(f"{info.name}'s rules have no such field: {exc} (fields: {names})",
                             code="no_such_rule") from exc
    return info, rules, game_plugin.action_space(rules)


def has_action_space(info: GameInfo) -> bool:
    """Whether the adapters can serve the game: its module has an ``ActionSpace`` or its plugin
    gives one (the plugin overrides :meth:`~naipes.plugin.GamePlugin.action_space`)."""
    if hasattr(info.load(), "ActionSpace"):
        return True
    return type(plugin(info)).action_space is not GamePlugin.action_space


def first_to_act(game: Any) -> int:
    """The seat an adapter asks next: the lowest of ``to_act`` (a window's seats one at a time)."""
    seat: int = min(game.to_act)
    return seat


def int8_mask(space: Any, view: Any) -> Any:
    """The seat's legal ids as a numpy ``int8`` mask of ``space.size``."""
    import numpy as np

    mask = np.zeros(space.size, np.int8)
    mask[list(space.legal_ids(view))] = 1
    return mask
