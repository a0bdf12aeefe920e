"""Real servers that notices are delivered to in the tests: an SMTP server (aiosmtpd) and an HTTP
endpoint that records webhook POSTs (and can be told to fail)."""
from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

from tests.app.servers import free_port


@dataclass
class Mailbox:
    messages: list[Message] = field(default_factory=list)
    envelopes: list[tuple[str, list[str]]] = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's handler API
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.messages.append(message_from_bytes(envelope.original_content or envelope.content))
        return "250 Message accepted for delivery"


@contextlib.contextmanager
def smtp_server() -> Iterator[tuple[str, int, Mailbox]]:
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield "127.0.0.1", port, box
    finally:
        controller.stop()


@dataclass
class Hit:
    path: str
    headers: dict[str, str]
    body: bytes


class Receiver:
    """Records POSTs; answers `fail_first` of them with 500, then 204."""

    def __init__(self) -> None:
        self.hits: list[Hit] = []
        self.fail_first = 0
        self.status_when_failing = 500
        self.lock = threading.Lock()

    def wait(self, count: int, timeout: float = 20.0) -> list[Hit]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.hits) >= count:
                    return list(self.hits)
            time.sleep(0.05)
        raise AssertionError(f"expected {count} webhook POSTs, got {len(self.hits)}")


@contextlib.contextmanager
def webhook_receiver() -> Iterator[tuple[str, Receiver]]:
    receiver = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's API
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with receiver.lock:
                receiver.hits.append(Hit(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                failing = len(receiver.hits) <= receiver.fail_first
            self.send_response(receiver.status_when_failing if failing else 204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", receiver
    finally:
        server.shutdown()
        server.server_close()
