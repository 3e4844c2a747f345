"""Real local receivers for notifications: a webhook endpoint (an HTTP server in a thread) and
an SMTP server (aiosmtpd), each keeping what it got."""

from __future__ import annotations

import email
import email.policy
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller

from service.process import free_port


@dataclass
class Hook:
    headers: dict[str, str]
    body: bytes


@dataclass
class WebhookReceiver:
    """Answers each POST with the next status of `answers` (then 200); `on_request` runs before
    the answer (a test uses it to kill the sender in the middle of a delivery)."""

    answers: list[int] = field(default_factory=list)
    on_request: Callable[[Hook], None] | None = None
    received: list[Hook] = field(default_factory=list)

    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    @contextmanager
    def running(self) -> Iterator[WebhookReceiver]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length", "0"))
                hook = Hook({k: v for k, v in self.headers.items()}, self.rfile.read(length))
                receiver.received.append(hook)
                if receiver.on_request is not None:
                    receiver.on_request(hook)
                status = receiver.answers.pop(0) if receiver.answers else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.port = free_port()
        server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            server.shutdown()
            server.server_close()


@dataclass
class Mail:
    sender: str
    recipients: list[str]
    message: EmailMessage


class SmtpSink:
    """An aiosmtpd server on a free local port; `on_data` runs when a message has arrived, before
    the server says it accepted it."""

    def __init__(self, on_data: Callable[[Mail], None] | None = None) -> None:
        self.received: list[Mail] = []
        self.on_data = on_data
        self.port = free_port()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        mail = Mail(envelope.mail_from, list(envelope.rcpt_tos), message)  # type: ignore[arg-type]
        self.received.append(mail)
        if self.on_data is not None:
            self.on_data(mail)
        return "250 Message accepted for delivery"

    def env(self) -> dict[str, str]:
        return {"SHIPLOG_SMTP_HOST": "127.0.0.1", "SHIPLOG_SMTP_PORT": str(self.port),
                "SHIPLOG_MAIL_FROM": "tables@shiplog.test"}

    @contextmanager
    def running(self) -> Iterator[SmtpSink]:
        controller = Controller(self, hostname="127.0.0.1", port=self.port)
        controller.start()
        try:
            yield self
        finally:
            controller.stop()
