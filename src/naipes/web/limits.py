"""Limits of ``naipes serve`` per client address: connections, message rates and bot specs.

A client's *address* is the host part of its connection (``request.client.host``);
behind a reverse proxy every client shares the proxy's address, so such a
deployment should raise the per-address limits (see :doc:`/guides/front-end`).

- :class:`RateLimit`: a token bucket;
- :class:`AddressLimits`: open connections per address and in all, and one
  message bucket per address that every socket of that address shares (so a
  client that reconnects does not get a fresh bucket);
- :func:`check_client_bot`: what a web client may ask of a bot (registered
  names, the server's ``--allow-bot`` classes, bounded parameters).

>>> limits = AddressLimits(max_connections=2, per_address=1, rate=1.0, burst=2)
>>> limits.connect("10.0.0.1")
>>> limits.connect("10.0.0.1")
Traceback (most recent call last):
...
naipes.errors.UsageError: 1 connections from this address already; close one first
>>> limits.allow("10.0.0.1"), limits.allow("10.0.0.1"), limits.allow("10.0.0.1")
(True, True, False)
>>> check_client_bot("ismcts:iterations=10**9", max_iterations=2000, max_seconds=5.0)
Traceback (most recent call last):
...
naipes.errors.UsageError: bot 'ismcts:iterations=10**9': iterations is a whole number from 1 to 2000 here, not '10**9'

.. versionadded:: 1.2
"""

from __future__ import annotations

import time

from naipes.bots import parse_bot_spec
from naipes.errors import UsageError

__all__ = ["BOT_PARAMETERS", "AddressLimits", "RateLimit", "check_client_bot"]

#: The only bot parameters a web client may set: both bound how long a bot thinks.
BOT_PARAMETERS = ("iterations", "seconds")


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once.

    .. versionadded:: 1.1
    """

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def allow(self) -> bool:
        """Take one token; False when the client sends too fast."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        """True when the bucket holds ``burst`` tokens (forgetting it then changes nothing)."""
        self._refill()
        return self.tokens >= self.burst


class AddressLimits:
    """Open connections (per address and in all) and the message buckets of addresses.

    Args:
        max_connections: open connections at most, from everyone.
        per_address: open connections at most from one address.
        rate: messages a second one address may send on average, all its sockets together.
        burst: messages one address may send at once.

    .. versionadded:: 1.2
    """

    def __init__(self, *, max_connections: int, per_address: int, rate: float, burst: int) -> None:
        self.max_connections, self.per_address = max_connections, per_address
        self.rate, self.burst = rate, burst
        self.connections: dict[str, int] = {}
        self.buckets: dict[str, RateLimit] = {}

    @property
    def total(self) -> int:
        """The connections open now."""
        return sum(self.connections.values())

    def connect(self, address: str) -> None:
        """Count a new connection of ``address``.

        Raises:
            UsageError: ``server_busy`` when the server has ``max_connections`` open,
                ``too_many_connections`` when this address has ``per_address``.
        """
        if self.total >= self.max_connections:
            raise UsageError("the server has as many connections as it takes; try again later",
                             code="server_busy")
        mine = self.connections.get(address, 0)
        if mine >= self.per_address:
            raise UsageError(f"{mine} connections from this address already; close one first",
                             code="too_many_connections")
        self.connections[address] = mine + 1

    def disconnect(self, address: str) -> None:
        """Count a connection of ``address`` closed."""
        left = self.connections.get(address, 0) - 1
        if left > 0:
            self.connections[address] = left
        else:
            self.connections.pop(address, None)

    def allow(self, address: str) -> bool:
        """Take a token from the address's bucket; False when the address sends too fast."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) > 4 * self.max_connections:
                self.prune()
            bucket = self.buckets[address] = RateLimit(self.rate, self.burst)
        return bucket.allow()

    def prune(self) -> None:
        """Forget the full buckets of addresses with no connection (a new bucket is full too)."""
        for address in [a for a, b in self.buckets.items() if a not in self.connections and b.full()]:
            del self.buckets[address]


def check_client_bot(spec: str, *, max_iterations: int, max_seconds: float) -> None:
    """Refuse what a web client may not ask of a bot, before anything is imported.

    A client's spec may set only ``iterations`` (a whole number from 1 to
    ``max_iterations``) and ``seconds`` (a number above 0, at most
    ``max_seconds``); any other parameter is refused, since a text parameter
    can name code (``ismcts:rollout=module:Class``) and others can make a bot
    think for ever. Which bot the spec names is checked by
    :func:`naipes.bots.check_bot_spec` (the caller's job).

    Raises:
        UsageError: ``bot_param_refused`` for another parameter, ``bad_bot_args``
            for a value out of bounds; ``no_such_bot``, ``bad_bot_args`` for a
            malformed spec (:func:`naipes.bots.parse_bot_spec`).
    """
    _, params = parse_bot_spec(spec)
    for key, value in params.items():
        if key not in BOT_PARAMETERS:
            raise UsageError(f"bot {spec!r}: a client may set only {' and '.join(BOT_PARAMETERS)}, "
                             f"not {key!r}", code="bot_param_refused")
        if key == "iterations" and not (type(value) is int and 1 <= value <= max_iterations):
            raise UsageError(f"bot {spec!r}: iterations is a whole number from 1 to {max_iterations} "
                             f"here, not {value!r}", code="bad_bot_args")
        if key == "seconds" and not (isinstance(value, (int, float)) and not isinstance(value, bool)
                                     and 0 < value <= max_seconds):
            raise UsageError(f"bot {spec!r}: seconds is a number above 0 and at most {max_seconds} "
                             f"here, not {value!r}", code="bad_bot_args")
