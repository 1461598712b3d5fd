"""What the adapters share (internal): a game, its plugin, its action space and its rules by name."""

from __future__ import annotations

import random
from typing import Any, Sequence

import attrs

from naipes.bots import RandomBot
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


def advance(game: Any, me: int, bots: Sequence[Any]) -> None:
    """Play the other seats (``bots``: one per seat but ``me``, in seat order) up to ``me``'s turn
    or the end, asking the lowest seat to act first (:func:`first_to_act`).

    A :class:`~naipes.RandomBot` picks among the seat's legal moves without the view it would
    read: ``rng.randrange(len(moves))`` (inlined for a ``random.Random``, as CPython draws it:
    :data:`INLINE_RANDRANGE`), the move played without looking it up again (it was just listed).
    """
    while True:
        acting = game.to_act  # read once per move: a window's property builds a tuple
        if me in acting or game.is_over:  # (the seat's turn asked first: the usual end)
            return
        seat = min(acting)
        bot = bots[seat if seat < me else seat - 1]
        if type(bot) is RandomBot:
            moves = game.legal_moves(seat)
            if moves:
                rng, n = bot.rng, len(moves)
                if type(rng) is random.Random and INLINE_RANDRANGE:  # rng.randrange(n), inlined
                    k = n.bit_length()
                    i = rng.getrandbits(k)
                    while i >= n:
                        i = rng.getrandbits(k)
                else:
                    i = rng.randrange(n)
                game._play_listed(moves[i], seat)
                continue
        game.play(bot.choose(game.view(seat)), seat)


def _same_randrange() -> bool:
    """True when ``random.Random.randrange(n)`` draws as the steps :func:`advance` inlines
    (CPython's ``_randbelow_with_getrandbits``; checked once: on a Python that draws otherwise,
    ``randrange`` itself runs)."""
    for seed in range(4):
        theirs, mine = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 40, 47, 1000):
            k = n.bit_length()
            i = mine.getrandbits(k)
            while i >= n:
                i = mine.getrandbits(k)
            if theirs.randrange(n) != i:
                return False
        if theirs.getstate() != mine.getstate():
            return False
    return True


#: Whether :func:`advance` draws a RandomBot's move with ``randrange`` inlined (this Python's
#: ``randrange`` draws as the inlined steps).
INLINE_RANDRANGE = _same_randrange()
