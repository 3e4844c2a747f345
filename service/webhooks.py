"""Webhooks: where they may go, and one delivery, pinned and bounded.

A webhook goes to a public address only: every address its host name resolves to must be
globally reachable (`ipaddress`'s `is_global`), not multicast, not in 192.0.0.0/24, and an IPv6
address that carries an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, 6to4,
NAT64 64:ff9b::/96) is judged by the IPv4 address it carries. "localhost" and its subdomains are
refused by name, with or without the final dot, in any case. So this machine (127.0.0.0/8, ::1),
private networks (10/8, 172.16/12, 192.168/16, fc00::/7), carrier-grade NAT (100.64.0.0/10),
link-local, 0.0.0.0/8, reserved and multicast addresses are all refused. A server whose
receivers are on its own network (and the tests, whose receivers are on 127.0.0.1) allows them
with `SHIPLOG_WEBHOOK_ALLOW_PRIVATE=1` (off by default).

The address is checked when a player sets the URL (`check_address`: 422
`player.webhook_private`) and again at every delivery, since what a name resolves to can
change. A delivery resolves the name once, checks every address, and connects to a checked
address itself (`PinnedHTTP`, `PinnedHTTPS`): the name is never resolved a second time, so a
resolver that answers a public address to the check and 127.0.0.1 to the connection (DNS
rebinding) reaches nothing. The request still carries the URL's host in its Host header, and
HTTPS verifies the certificate against the host name (SNI), not against the address. No
redirect is followed and no proxy is used.

Every delivery is bounded: `SHIPLOG_WEBHOOK_CONNECT_TIMEOUT` seconds (3) to connect,
`SHIPLOG_WEBHOOK_TIMEOUT` seconds (5) for the whole exchange (connection, TLS, request, answer),
and at most `ANSWER_MAX` bytes (64 KiB) of the answer are read: the status line and headers must
fit in it, the rest of the body is not read.
"""

from __future__ import annotations

import contextlib
import http.client
import io
import ipaddress
import socket
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from domain.core.i18n import N_

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

ANSWER_MAX = 64 * 1024
CONNECT_TIMEOUT = 3.0
TOTAL_TIMEOUT = 5.0
NAT64 = ipaddress.ip_network("64:ff9b::/96")
IETF_PROTOCOL = ipaddress.ip_network("192.0.0.0/24")  # is_global keeps two anycast addresses of it
LOCAL_NAMES = ("localhost", "localhost.localdomain")


class Refused(Exception):
    """A webhook URL this server does not send to (a sentence for the player)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class AnswerTooLarge(OSError):
    """The receiver's status line and headers did not fit in `ANSWER_MAX` bytes."""


BAD_URL = N_("A webhook URL is an http:// or https:// address (without a user name or password).")
PRIVATE = N_("This server does not send webhooks to private or local addresses.")


@dataclass(frozen=True)
class Target:
    """Where a webhook URL points: scheme, host (ASCII, IDNA-encoded), port, path and query."""

    scheme: str
    host: str
    port: int
    path: str


def target(url: str) -> Target:
    """The parts of an http(s) URL with a host and no credentials, or `Refused`."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port
        if parts.scheme not in ("http", "https") or not host or parts.username or parts.password:
            raise ValueError
        host = host.encode("idna").decode("ascii") if not host.isascii() else host
    except (ValueError, UnicodeError):
        raise Refused("player.webhook_url", BAD_URL) from None
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port or (443 if parts.scheme == "https" else 80), path)


def public(address: Address) -> bool:
    """Whether `address` is a public internet address (an IPv4 address inside an IPv6 one is
    judged as itself)."""
    if isinstance(address, ipaddress.IPv6Address):
        carried = address.ipv4_mapped or address.sixtofour
        if carried is None and (address in NAT64 or int(address) >> 32 == 0):
            carried = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)  # NAT64, IPv4-compatible
        if carried is not None:
            return public(carried)
    if address.is_multicast or not address.is_global:
        return False
    return address not in IETF_PROTOCOL


def local_name(host: str) -> bool:
    name = host.rstrip(".").lower()
    return name in LOCAL_NAMES or name.endswith(".localhost")


def resolve(host: str, port: int) -> list[Address]:
    """The addresses `host` resolves to (a literal address is itself), in the resolver's order."""
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    found: list[Address] = []
    for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP):
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if address not in found:
            found.append(address)
    return found


def checked(where: Target, allow_private: bool) -> list[Address]:
    """Resolve the target's host once and return its addresses, or `Refused` when any of them is
    not public (unless the server allows private ones). OSError: the name does not resolve."""
    if not allow_private and local_name(where.host):
        raise Refused("player.webhook_private", PRIVATE)
    addresses = resolve(where.host, where.port)
    if not addresses:
        raise OSError(f"{where.host} has no address")
    if not allow_private and not all(public(a) for a in addresses):
        raise Refused("player.webhook_private", PRIVATE)
    return addresses


def check_address(url: str, allow_private: bool) -> None:
    """A webhook URL as a player sets it: `Refused` for a bad URL or a private address. A name
    that does not resolve today is let through: the delivery checks it again."""
    where = target(url)
    try:
        checked(where, allow_private)
    except (OSError, UnicodeError):
        return


# -- one delivery ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    connect: float = CONNECT_TIMEOUT
    total: float = TOTAL_TIMEOUT
    answer: int = ANSWER_MAX

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Limits:
        return cls(float(env.get("SHIPLOG_WEBHOOK_CONNECT_TIMEOUT", CONNECT_TIMEOUT)),
                   float(env.get("SHIPLOG_WEBHOOK_TIMEOUT", TOTAL_TIMEOUT)))


class Deadline:
    """The end of a delivery's time: `left` raises TimeoutError once it has come."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def late(self) -> TimeoutError:
        return TimeoutError(f"no complete answer within {self.seconds:g} s")

    def left(self) -> float:
        left = self.end - time.monotonic()
        if left <= 0:
            raise self.late()
        return left


def open_socket(address: Address, port: int, timeout: float) -> socket.socket:
    """A TCP connection to `address` itself (tests replace this to see where it would go)."""
    return socket.create_connection((str(address), port), timeout=timeout)


def tls_context() -> ssl.SSLContext:
    """The TLS settings of HTTPS webhooks: the system's CAs, the host name verified."""
    return ssl.create_default_context()


class CappedReader(io.RawIOBase):
    """A socket's bytes, at most `limit` of them, each read within the deadline."""

    def __init__(self, sock: socket.socket, limit: int, deadline: Deadline) -> None:
        self.sock, self.left, self.deadline = sock, limit, deadline
        self.raw = sock.makefile("rb", buffering=0)  # holds the socket open until this is closed

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.left <= 0:
            raise AnswerTooLarge(f"the receiver's answer is larger than {ANSWER_MAX // 1024} KiB")
        self.sock.settimeout(self.deadline.left())
        n = self.raw.readinto(memoryview(buffer)[: min(len(buffer), self.left)]) or 0
        self.left -= n
        return n

    def close(self) -> None:
        self.raw.close()
        super().close()


class CappedResponse(http.client.HTTPResponse):
    def __init__(self, sock: socket.socket, debuglevel: int = 0, method: str | None = None,
                 url: str | None = None, *, limit: int, deadline: Deadline) -> None:
        super().__init__(sock, debuglevel, method, url)
        self.fp.close()  # the socket's own file; the capped one reads instead
        self.fp = io.BufferedReader(CappedReader(sock, limit, deadline))


class PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to a checked address, with the URL's host in the Host header."""

    def __init__(self, where: Target, address: Address, limits: Limits, deadline: Deadline) -> None:
        super().__init__(where.host, where.port)
        self.response_class = partial(CappedResponse, limit=limits.answer, deadline=deadline)  # type: ignore[assignment]

        def connect(_address: Any, _timeout: Any = None, _source: Any = None) -> socket.socket:
            timeout = min(limits.connect, deadline.left())
            try:
                sock = open_socket(address, where.port, timeout)
            except TimeoutError:
                raise TimeoutError(f"no connection to {address} within {timeout:g} s") from None
            sock.settimeout(deadline.left())  # the TLS handshake and the request
            return sock

        self._create_connection = connect


class PinnedHTTPS(PinnedHTTP, http.client.HTTPSConnection):
    """The same over TLS: SNI and the certificate's check use the URL's host, not the address."""

    def __init__(self, where: Target, address: Address, limits: Limits, deadline: Deadline) -> None:
        super().__init__(where, address, limits, deadline)
        self._context = tls_context()


def post(url: str, body: bytes, headers: Mapping[str, str], allow_private: bool, limits: Limits) -> int:
    """POST `body` to `url` and return the answer's status. `Refused`: the URL is bad or its
    host is private (now); OSError or http.client.HTTPException: it could not be delivered."""
    deadline = Deadline(limits.total)
    where = target(url)
    addresses = checked(where, allow_private)
    kind = PinnedHTTPS if where.scheme == "https" else PinnedHTTP
    error: OSError | None = None
    for address in addresses:
        connection = kind(where, address, limits, deadline)
        try:
            connection.connect()
        except ssl.SSLCertVerificationError:
            connection.close()
            raise  # the receiver is there, with a certificate that is not for this name
        except OSError as exc:
            connection.close()
            error = exc
            continue  # the next address of the name
        response = None
        try:
            connection.sock.settimeout(deadline.left())
            connection.request("POST", where.path, body=body, headers=dict(headers))
            response = connection.getresponse()
            with contextlib.suppress(OSError, http.client.HTTPException):
                response.read(limits.answer)  # what the receiver says is not used: only its status
            return response.status
        except TimeoutError:
            raise deadline.late() from None
        finally:
            if response is not None:
                response.close()
            connection.close()
    assert error is not None
    raise error
