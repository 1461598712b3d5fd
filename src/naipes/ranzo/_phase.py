"""Short names of the phases for the engine's modules (internal; the class lives in :mod:`naipes.ranzo.phase`)."""

from __future__ import annotations

from naipes.ranzo.phase import Phase

__all__ = ["OVER", "PLAY", "Phase", "STEAL", "TURN", "WINDOW"]

PLAY, WINDOW, STEAL, OVER = Phase.PLAY, Phase.WINDOW, Phase.STEAL, Phase.OVER
#: The 1.0 name of :data:`PLAY`, still imported by the engine's modules.
TURN = PLAY
