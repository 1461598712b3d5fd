"""An ASGI middleware in front of ``naipes serve``: security headers and bounded request bodies.

Every HTTP response gets :data:`SECURITY_HEADERS` (a Content-Security-Policy
fitted to the shipped client: its own scripts, styles, pictures and
WebSockets only; no framing; no MIME sniffing; no referrer). A request whose
body is longer than the limit is answered ``413`` with the error ``too_long``
before the body is read: at once when its ``Content-Length`` says so, else as
soon as the streamed (chunked) body passes the limit.

.. versionadded:: 1.2
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["MAX_BODY_BYTES", "SECURITY_HEADERS", "Guard"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The longest HTTP request body the server reads, in bytes.
MAX_BODY_BYTES = 16384

#: The headers of every HTTP response.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy",
     ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
      "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
)

_ENCODED = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS]


class _TooLong(Exception):
    """The streamed body passed the limit."""


class Guard:
    """Wrap an ASGI app: security headers on every HTTP response, bodies at most ``max_body`` bytes.

    Args:
        app: the application.
        max_body: the longest body read (:data:`MAX_BODY_BYTES`).

    .. versionadded:: 1.2
    """

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY_BYTES) -> None:
        self.app, self.max_body = app, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {bytes(k).lower() for k, _ in message.get("headers", ())}
                message["headers"] = [*message.get("headers", ()),
                                      *((k, v) for k, v in _ENCODED if k not in names)]
            await send(message)

        declared = _content_length(scope)
        if declared is not None and declared > self.max_body:
            await self._refuse(send_guarded, declared)
            return
        try:
            await self.app(scope, self._counting(receive), send_guarded)
        except _TooLong:
            if not started:
                await self._refuse(send_guarded, None)

    def _counting(self, receive: Receive) -> Receive:
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise _TooLong
            return message
        return counted

    async def _refuse(self, send: Send, size: int | None) -> None:
        said = f"{size} bytes" if size is not None else "more bytes"
        body = json.dumps({"type": "error", "code": "too_long",
                           "reason": f"the request body has {said}; the limit is {self.max_body}"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"connection", b"close"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers", ()):
        if bytes(key).lower() == b"content-length":
            text = bytes(value).strip()
            return int(text) if text.isdigit() else None
    return None
