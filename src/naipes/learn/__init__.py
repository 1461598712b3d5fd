"""Learned bots: deep Monte-Carlo self-play in numpy, and the weights that ship with naipes.

Needs numpy (the ``learn`` extra: ``pip install 'naipes[learn]'``), at play time
as at training time; nothing else.

* :class:`~naipes.learn.bot.LearnedBot` plays a trained network greedily: the
  bot name ``learned`` of the games whose weights ship
  (``load_bot("learned", game="machuco")``, ``naipes play --bots learned``);
* :func:`~naipes.learn.dmc.train` (``naipes train``) trains one by self-play:
  :mod:`naipes.learn.selfplay` plays many games in lockstep with one batched
  network call a step, every decision trained towards its seat's final score;
* :mod:`naipes.learn.worlds` plays a value network of open positions inside a
  small search of sampled worlds (the shipped Machuco bot, two players, one hand;
  Ranzo's trains too but does not beat RanzoBot), trained by
  :mod:`naipes.learn.worlds_train` on the heuristic's rollouts;
* :mod:`naipes.learn.network` holds the network, its gradients, Adam and the
  weight files (tied to the game's rules and observation layout);
* :mod:`naipes.learn.curve` draws a run's learning curve.

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.learn.bot import LearnedBot, shipped
from naipes.learn.network import QNetwork, WeightsMeta, load_weights, save_weights

__all__ = ["LearnedBot", "QNetwork", "WeightsMeta", "load_weights", "save_weights", "shipped"]
