"""Real local receivers for notifications: a webhook endpoint (an HTTP or HTTPS server in a
thread, that may also answer slowly, endlessly or not at all) and an SMTP server (aiosmtpd),
each keeping what it got."""

from __future__ import annotations

import email
import email.policy
import ssl
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
    the answer (a test uses it to kill the sender in the middle of a delivery, or to hold the
    answer back); `respond` writes the whole answer itself instead (raw bytes: an endless one).
    With `tls` it serves HTTPS and keeps the server names clients asked for (SNI) in `sni`."""

    answers: list[int] = field(default_factory=list)
    on_request: Callable[[Hook], None] | None = None
    respond: Callable[[BaseHTTPRequestHandler], None] | None = None
    tls: ssl.SSLContext | None = None
    received: list[Hook] = field(default_factory=list)
    sni: list[str | None] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)

    def url(self, host: str = "127.0.0.1") -> str:
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}/hook"

    @contextmanager
    def running(self) -> Iterator[WebhookReceiver]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length", "0"))
                hook = Hook({k: v for k, v in self.headers.items()}, self.rfile.read(length))
                receiver.received.append(hook)
                receiver.arrived.set()
                if receiver.on_request is not None:
                    receiver.on_request(hook)
                if receiver.respond is not None:
                    receiver.respond(self)
                    return
                status = receiver.answers.pop(0) if receiver.answers else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.port = free_port()
        server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        if self.tls is not None:
            self.tls.sni_callback = lambda sock, name, context: self.sni.append(name)  # type: ignore[assignment,func-returns-value]
            server.socket = self.tls.wrap_socket(server.socket, server_side=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            server.shutdown()
            server.server_close()


def endless_body(handler: BaseHTTPRequestHandler) -> None:
    """200, then a body that never ends (until the client goes away)."""
    handler.send_response(200)
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    chunk = b"%x\r\n%s\r\n" % (65536, b"x" * 65536)
    try:
        for _ in range(16 * 1024):  # 1 GiB at most: a client that reads it all fails the test
            handler.wfile.write(chunk)
    except OSError:
        pass


def endless_head(handler: BaseHTTPRequestHandler) -> None:
    """A status line, then header lines that never end (until the client goes away)."""
    try:
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for n in range(64 * 1024):
            handler.wfile.write(b"X-Padding-%d: %s\r\n" % (n, b"p" * 16000))
    except OSError:
        pass


def trickle(stop: threading.Event) -> Callable[[BaseHTTPRequestHandler], None]:
    """An answer that comes one byte at a time, a byte every 50 ms, never complete (until the
    client goes away or `stop` is set): each read gets something, only a deadline ends it."""

    def respond(handler: BaseHTTPRequestHandler) -> None:
        try:
            handler.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
            handler.wfile.flush()
            while not stop.wait(0.05):
                handler.wfile.write(b"s")
                handler.wfile.flush()
        except OSError:
            pass

    return respond


@dataclass
class Mail:
    sender: str
    recipients: list[str]
    message: EmailMessage
    raw: bytes = b""  # as it came over SMTP


class SmtpSink:
    """An aiosmtpd server on a free local port; `on_data` runs when a message has arrived, before
    the server says it accepted it."""

    def __init__(self, on_data: Callable[[Mail], None] | None = None) -> None:
        self.received: list[Mail] = []
        self.on_data = on_data
        self.port = free_port()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        mail = Mail(envelope.mail_from, list(envelope.rcpt_tos), message, envelope.content)  # type: ignore[arg-type]
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
