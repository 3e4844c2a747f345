"""Run the real server (`shiplog serve`) in a child process: for process-level tests and benchmarks."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import requests

SHIPLOG = str(Path(sys.executable).parent / "shiplog")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`shiplog serve` as `make serve` runs it (options only where given), in its own process
    group: the server may be a supervisor with worker processes, and kill/stop reach them all."""

    def __init__(self, env: dict[str, str], workers: int | None = None, threads: int | None = None,
                 gunicorn: bool = False, wsgi: bool = False) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        root = str(Path(__file__).resolve().parent.parent)
        self.env = {**os.environ, **env, "PYTHONPATH": root,
                    "SHIPLOG_HOST": "127.0.0.1", "SHIPLOG_PORT": str(self.port)}
        self.args = [SHIPLOG, "serve"]
        if workers is not None:
            self.args += ["--workers", str(workers)]
        if threads is not None:
            self.args += ["--threads", str(threads)]
        if gunicorn:
            self.args.append("--gunicorn")
        if wsgi:
            self.args.append("--wsgi")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> None:
        root = Path(__file__).resolve().parent.parent
        # The server's output goes to a file: a pipe nobody reads fills up and blocks the server.
        self.log = tempfile.NamedTemporaryFile(prefix="shiplog-server-", suffix=".log", delete=False)  # noqa: SIM115
        self.proc = subprocess.Popen(self.args, env=self.env, cwd=root, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {Path(self.log.name).read_text()[-2000:]}")
            with contextlib.suppress(requests.RequestException):
                if requests.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("server did not become healthy in time")

    def _signal(self, sig: int) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)  # the group this server started (start_new_session)

    def kill(self) -> None:
        if self.proc is not None:
            self._signal(signal.SIGKILL)  # no clean shutdown of any kind, workers included
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self.proc.wait(10)
        if self.proc is not None:
            self._signal(signal.SIGKILL)  # a worker that outlived its supervisor


@contextlib.contextmanager
def running(env: dict[str, str], workers: int | None = None, threads: int | None = None) -> Iterator[Server]:
    server = Server(env, workers, threads)
    server.start()
    try:
        yield server
    finally:
        server.stop()
