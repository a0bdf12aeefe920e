"""Pure ASGI middlewares: the request-body limit, the security headers and the error boundary."""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("app.main")


class BodyLimitMiddleware:
    """Refuse request bodies over the limit with 413, whether or not they declare a Content-Length."""

    def __init__(self, app: ASGIApp, limit: int, overrides: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.overrides = overrides or {}  # exact paths allowed a bigger body (uploads of game records)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.overrides.get(scope.get("path", ""), self.limit)
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None:
            # The server enforces that the body matches its declared length.
            if not declared.isdigit() or int(declared) > limit:
                await self._refuse(send, limit)
            else:
                await self.app(scope, receive, send)
            return
        # Chunked upload: read it (never past the limit) before the app sees any of it.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > limit:
                await self._refuse(send, limit)
                return
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send, limit: int) -> None:
        body = json.dumps(
            {"error": {"code": "payload_too_large", "message": f"The request body is larger than {limit} bytes."}}
        ).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in self.headers if k not in present
                ]
            await send(message)

        await self.app(scope, receive, with_headers)


class ErrorBoundaryMiddleware:
    """The last stop for an unexpected exception: log it once and answer 500, keeping the connection.

    Starlette's own catch-all runs in its outermost middleware, which re-raises after answering:
    the server then logs the traceback a second time and drops the keep-alive connection without
    saying so, and the client's next request on it fails. This answers and returns normally instead.
    It also stamps when each request arrived (`request.state.received_at`, for action deadlines).
    """

    def __init__(self, app: ASGIApp, render: Callable[[Scope], Response]) -> None:
        self.app = app
        self.render = render

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope.setdefault("state", {})["received_at"] = time.monotonic()
        started = False

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking)
        except Exception:
            log.exception("unhandled error on %s %s", scope.get("method"), scope.get("path"))
            if started:  # half an answer is out: the server closes this connection
                return
            await self.render(scope)(scope, receive, send)
