"""ASGI entry point of `shiplog serve`: granian runs it (`service.asgi:app`), one per worker.

Every request is the Flask app's (the same routes, checks and answers as under WSGI), run in one
of the worker's request threads (`--threads`), but for a seat's legal actions on SQLite, answered
in the event loop (`READ_IN_LOOP`). A live stream is the Flask app's too, as far as
who may watch what: its view answers the status and headers and hands the stream over
(service/live.py, `CARRIED`) instead of a body to read. The event loop then holds it: no thread
waits with an open stream, the worker's hub (service/hub.py) wakes it when a stored event
concerns it, and a round of what it sends that reads the store (a stream's first; an inbox's
on PostgreSQL) runs in the streams' own small pool (SHIPLOG_SSE_THREADS, 2), so a thousand
streams neither hold nor crowd the players' threads; the others run in the loop (`round`).

Flask is joined to ASGI by a2wsgi's WSGI environ (`build_environ`) and a thin responder: the
request body is read before the app runs (bodies are at most `MAX_BODY`), and the answer goes
back in one piece. a2wsgi's own responder hands every piece across threads, measured at 2.2-2.6
ms of server CPU an action against 1.2-1.4 under WSGI and 1.6-1.9 with this one (docs/perf.md).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi.wsgi import build_environ

from .app import create_app, start_background, whole_bodies
from .hub import Hub
from .live import CARRIED, KEEPALIVE, LiveStream
from .parsing import MAX_BODY, MAX_DRAINED

log = logging.getLogger("shiplog.asgi")
# On SQLite, a seat's legal actions (the GET every client sends when the seat to act changes)
# are answered in the event loop itself: the game is the worker's cached copy, one indexed
# SELECT of the events since, nothing written and no lock waited for (SQLite's WAL: a reader
# never waits for a writer), about 0.1 ms. Handing it to a request thread and back cost about
# 0.07 ms of CPU more (docs/perf.md, "The server's CPU per action"). On PostgreSQL that SELECT
# is a round trip over the network, which the loop must not wait for: every request of it, and
# every other request on SQLite, goes to a request thread.
READ_IN_LOOP = re.compile(r"/v1/games/[^/]+/actions")
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]


class Worker:
    """One worker's ASGI application: the Flask app, its request threads, its streams' hub."""

    def __init__(self, flask_app: Any, threads: int, stream_threads: int, gap: float) -> None:
        self.wsgi = whole_bodies(flask_app)
        self.shiplog = flask_app.extensions["shiplog"]
        self.requests = ThreadPoolExecutor(threads, thread_name_prefix="shiplog-request")
        self.rounds = ThreadPoolExecutor(stream_threads, thread_name_prefix="shiplog-stream")
        env = self.shiplog.env
        self.hub = Hub(self.shiplog, float(env.get("SHIPLOG_SSE_POLL", "1")), self.rounds, gap=gap * 0.75)
        self.gap = gap  # a woken stream waits this long, so that the moves of a burst go out together
        self.read_in_loop = env.get("PERSISTENCE_MODULE") == "eventsourcing.sqlite"
        self.started = False

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
        elif scope["type"] == "http":
            self.start()
            await self.http(scope, receive, send)

    def start(self) -> None:
        if not self.started:
            self.started = True
            self.hub.start()

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def http(self, scope: Message, receive: Receive, send: Send) -> None:
        body = await read_body(receive)
        environ = build_environ(scope, io.BytesIO(body))  # type: ignore[arg-type]
        environ["wsgi.input_terminated"] = True  # the body is all here (a chunked one too)
        environ[CARRIED] = None
        if self.read_in_loop and scope["method"] == "GET" and READ_IN_LOOP.fullmatch(scope["path"]):
            status, headers, answer = self.call(environ)
        else:
            status, headers, answer = await asyncio.get_running_loop().run_in_executor(self.requests, self.call, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        stream = environ.get(CARRIED)
        if not isinstance(stream, LiveStream):
            await send({"type": "http.response.body", "body": b"".join(answer)})
            return
        try:
            await self.carry(stream, receive, send)
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()  # gives the stream's slot back

    def call(self, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], Iterable[bytes]]:
        """The Flask app's answer (in a request thread): a stream's body is left unread."""
        started: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
            return lambda chunk: None

        answer = self.wsgi(environ, start_response)
        if isinstance(environ.get(CARRIED), LiveStream):
            return started["status"], started["headers"], answer
        try:
            whole = answer if isinstance(answer, list) else [b"".join(answer)]
        finally:
            close = getattr(answer, "close", None)
            if close is not None and not isinstance(answer, list):
                close()
        return started["status"], started["headers"], whole

    async def carry(self, stream: LiveStream, receive: Receive, send: Send) -> None:
        """Send the stream's rounds as the hub wakes it, a comment when it stays quiet, until it
        has lasted its time or the client has gone."""
        loop = asyncio.get_running_loop()
        subscriber = self.hub.subscribe(stream.wakes)
        woken = subscriber.woken
        gone = False
        timer: asyncio.TimerHandle | None = None

        def ring() -> None:  # the stream's end, or its keepalive, is due
            nonlocal timer
            timer = None
            woken.set()

        async def watch() -> None:
            nonlocal gone
            while (await receive())["type"] != "http.disconnect":
                pass
            gone = True
            woken.set()

        watcher = loop.create_task(watch())
        first = True
        try:
            await send_text(send, "retry: 3000\n\n")
            began = quiet = loop.time()
            ends, rounded = began + stream.seconds, began - self.gap
            while not gone:
                if stream.player is not None:
                    self.hub.seen(stream.player, stream.place)
                if self.gap > 0:  # at least `gap` between two rounds: the moves of a burst go together
                    await asyncio.sleep(max(0.0, rounded + self.gap - loop.time()))
                woken.clear()  # what wakes it from here on gets a round of its own
                rounded = loop.time()
                if not first and (stream.in_memory or self.read_in_loop):  # in the loop (see `round`)
                    frames = self.step(stream)
                else:
                    frames = await self.round(stream)
                if frames is None:  # the store failed the round: again in a second, the stream stays open
                    await asyncio.sleep(1.0)
                    woken.set()
                    frames = []
                else:
                    first = False
                now = loop.time()
                if frames:
                    await send_text(send, "".join(frames))
                    quiet = now
                if now >= ends:
                    break
                if now - quiet >= KEEPALIVE:
                    await send_text(send, ": keepalive\n\n")
                    quiet = now
                if timer is None:  # set again once it has rung (rung early, its round sends nothing)
                    timer = loop.call_at(min(ends, quiet + KEEPALIVE), ring)
                await woken.wait()  # woken by the hub, by the client leaving, or by the timer
            if not gone:
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the client went away while a round was sent
        except Exception as exc:  # granian's ClientDisconnected and friends: the client has gone
            log.debug("live stream ended by %r", exc)
        finally:
            self.hub.unsubscribe(subscriber)
            watcher.cancel()
            if timer is not None:
                timer.cancel()

    async def round(self, stream: LiveStream) -> list[str] | None:
        """The stream's new frames, read in the streams' pool (None when the store failed it).
        After its first, a game stream's round reads nothing (the hub has read its game) and on
        SQLite an inbox stream's reads its inbox from the read models the hub brought up to date
        (a query or two, read as a seat's legal actions are: `READ_IN_LOOP`): both run in the
        event loop, without the hand-off to the pool and back."""
        return await asyncio.get_running_loop().run_in_executor(self.rounds, self.step, stream)

    @staticmethod
    def step(stream: LiveStream) -> list[str] | None:
        """The stream's new frames (None when the store failed it: logged)."""
        try:
            return stream.step()
        except Exception:
            log.warning("a live stream's round failed; it tries again", exc_info=True)
            return None


async def send_text(send: Send, text: str) -> None:
    await send({"type": "http.response.body", "body": text.encode("utf-8"), "more_body": True})


async def read_body(receive: Receive) -> bytes:
    """The request's body, kept up to one byte more than `MAX_BODY` (the app answers 413 above);
    a larger one is still read, up to `MAX_DRAINED`, so that the client reads the answer (as
    `parsing.limit_bodies` does under WSGI)."""
    chunks, size, more = [], 0, True
    while more and size <= MAX_DRAINED:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        if size <= MAX_BODY:
            chunks.append(chunk)
        size += len(chunk)
        more = message.get("more_body", False)
    return b"".join(chunks)


def switch_interval() -> None:
    """A request thread back from the store waits for the interpreter while the event loop (or a
    round) runs; it is handed over every SHIPLOG_SWITCH_MS ms (Python's default: 5), so a
    request of a dozen queries is not held up for tens of milliseconds by a thousand streams."""
    sys.setswitchinterval(float(os.environ.get("SHIPLOG_SWITCH_MS", "1")) / 1000)


def make_app() -> Worker:
    switch_interval()
    flask_app = create_app()
    if os.environ.get("SHIPLOG_BACKGROUND") == "1":
        start_background(flask_app)
    env = flask_app.extensions["shiplog"].env
    return Worker(flask_app, threads=int(env.get("SHIPLOG_THREADS", "8")),
                  stream_threads=int(env.get("SHIPLOG_SSE_THREADS", "2")), gap=float(env.get("SHIPLOG_SSE_GAP", "0.4")))


app: Worker  # made by `__getattr__` below


def __getattr__(name: str) -> Worker:
    """`service.asgi:app`, made when granian first asks for it (importing the module makes no
    app: replay/requestcpu.py builds its own `Worker` on a store of its own)."""
    if name != "app":
        raise AttributeError(name)
    global app
    app = make_app()
    return app
