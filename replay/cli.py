"""The `replay` command line: list, show, log, verify, fairness, export, import, step, analyse, bench,
and legal, try, why to settle a rules dispute (replay/disputes.py); what they all stand on
(reading a record, printing) is replay/records.py.

GAME is a game id (or a unique prefix of one) in the store the server uses, found through the
same environment variables (see service.settings), or the path of a game record file.
Exit codes: 0 ok, 1 a check failed (divergence, unfair draws), 2 bad usage, or a game or file
that is not there or cannot be read, 3 fairness cannot be checked yet (the seed is still secret).

Nothing from a record reaches the terminal as it is: control and format characters in player
names, reasons or actions are printed as \\uXXXX escapes (which JSON reads back unchanged).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from domain.core import ALL, registry
from domain.core.analysis import analyse, decisions_of
from domain.core.errors import IllegalAction
from domain.core.i18n import _, ngettext
from domain.core.record import fairness, replay_states, verify
from domain.core.rules import action_for, redacted
from domain.core.translations import number
from domain.core.words import described

from .analysing import told
from .disputes import legal_cmd, try_cmd, why_cmd
from .records import (
    NotThere,
    _app,
    _echo_json,
    describe_event,
    echo,
    load_record,
    parse_viewer,
    printable,
    seat_names,
    seen_by,
    store_seed,
)
from .textboard import changes, text_board
from .words import speaks


@click.group()
@click.version_option(package_name="shiplog", prog_name="replay")
def main() -> None:
    """Rebuild, audit and step through shiplog games (from the store or a record file)."""


@main.command("list")
@speaks
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
@click.option("--game", default=None, help="only this game type")
@click.option("--status", default=None, type=click.Choice(["open", "active", "finished", "abandoned"]))
def list_games(as_json: bool, game: str | None, status: str | None) -> None:
    """The games in the store, most recently active first."""
    rows = _app().lobby.search(game=game, status=status, include_private=True)
    if as_json:
        _echo_json([r.to_json() for r in rows])
        return
    if not rows:
        echo(_("no games in the store"))
    for r in rows:
        players = ", ".join(p["name"] for p in r.players)
        echo(f"{r.id}  {r.game:<12} {r.status:<9} v{r.version:<5} {players}")


@main.command()
@speaks
@click.argument("game")
@click.option("--at", "at", type=int, default=None, help="the version to show (default: the last)")
@click.option("--as", "as_", default=None, help="seat number or name, 'spectator', or 'all' (default)")
@click.option("--json", "as_json", is_flag=True)
def show(game: str, at: int | None, as_: str | None, as_json: bool) -> None:
    """The state of GAME after event --at N, as a seat (or everyone) saw it."""
    record = load_record(game)
    viewer = parse_viewer(as_, record)
    rules = registry.get(record["game"])
    last = record["events"][-1]["version"]
    target = last if at is None else at
    if not 0 <= target <= last:
        raise click.ClickException(_("version {target} is outside 0..{last}", target=target, last=last))
    state = next(state for version, _ev, state in replay_states(record) if version == target)
    view = rules.view(state, viewer)
    outcome = rules.outcome(state)
    data = {
        "id": record["id"],
        "game": record["game"],
        "version": target,
        "to_act": sorted(rules.to_act(state)) if outcome is None else [],
        "state": view,
        "outcome": outcome.to_json() if outcome else None,
    }
    if as_json:
        _echo_json(data)
        return
    names = [p["name"] for p in record["players"]]
    echo(_("{game} {id} at version {version} of {last}", game=registry.title(record["game"]), id=record["id"],
           version=target, last=last))
    echo(_("players: {players}", players=", ".join(f"{n}={name}" for n, name in enumerate(names))))
    echo(_("to act: {seats}", seats=", ".join(names[s] for s in data["to_act"]) or _("nobody")))
    echo(text_board(rules, view, names))
    if outcome:
        results = [_("{name} {score} (rank {rank})", name=names[r.seat], score=number(r.score), rank=r.rank)
                   for r in outcome.results]  # (a call of its own: pybabel extracts no _() nested in another)
        echo(_("outcome: {results}", results=", ".join(results)))


@main.command()
@speaks
@click.argument("game")
@click.option("--as", "as_", default=None, help="seat number or name, 'spectator', or 'all' (default)")
@click.option("--json", "as_json", is_flag=True)
def log(game: str, as_: str | None, as_json: bool) -> None:
    """Every event of GAME: who did what, then what happened in words; redacted for --as."""
    record = load_record(game)
    viewer = parse_viewer(as_, record)
    if as_json:
        rules = registry.get(record["game"])
        names = [p["name"] for p in record["players"]]
        rows = []
        for ev in record["events"]:
            row = {k: v for k, v in seen_by(ev, record, viewer).items() if k not in ("draws", "state_hash") or viewer == ALL}
            if "facts" in row:
                row["facts"] = redacted(rules, ev["facts"], viewer)
                row["text"] = described(rules, row["facts"], viewer, names)
            if "action" in row:
                row["action"] = action_for(rules, ev["action"], ev["seat"], viewer)
            rows.append(row)
        _echo_json(rows)
        return
    for ev in record["events"]:
        echo(describe_event(ev, record, viewer))


@main.command("verify")
@speaks
@click.argument("game")
@click.option("--json", "as_json", is_flag=True)
def verify_cmd(game: str, as_json: bool) -> None:
    """Re-decide every action of GAME under the rules; exit 1 at the first divergence."""
    record = load_record(game)
    seed = store_seed(game)
    try:
        if as_json:
            report = verify(record, seed=seed)
        else:
            with click.progressbar(length=len(record["events"]), label=_("verifying"), file=sys.stderr,
                                   show_pos=True) as bar:
                report = verify(record, progress=bar.update, seed=seed)
    except IllegalAction as exc:
        raise click.ClickException(printable(exc.message)) from None
    if as_json:
        _echo_json(report.to_json())
    elif report.ok:
        hashes = (_("final state {hash}", hash=report.final_hash) if report.hashes_checked
                  else _("state hashes not checked: they are keyed by the seed, which is revealed when the game ends"))
        actions = ngettext("{n} action", "{n} actions", report.actions)
        echo(ngettext("OK {id}: {actions} in {n} event re-decided; {hashes}", "OK {id}: {actions} in {n} events re-decided; {hashes}",
                      report.events, id=record["id"], actions=actions, hashes=hashes))
    else:
        assert report.divergence is not None
        echo(_("DIVERGENCE in {id} at event {version}: {problem}", id=record["id"], version=report.divergence.version,
               problem=report.divergence.problem))
    sys.exit(0 if report.ok else 1)


@main.command("fairness")
@speaks
@click.argument("game")
@click.option("--json", "as_json", is_flag=True)
def fairness_cmd(game: str, as_json: bool) -> None:
    """Check GAME's revealed seed against its commitment and recompute every draw."""
    record = load_record(game)
    report = fairness(record)
    if as_json:
        _echo_json(report.to_json())
    else:
        seeded = _(" (client-seeded: the players chose the seed)") if report.client_seeded else ""
        if not report.seed_revealed:
            echo(_("SEALED {id}: the seed is revealed when the game ends; commitment {commitment}", id=record["id"],
                   commitment=report.seed_commitment))
        elif report.ok:
            mixed = (ngettext("; the seed is HMAC(server seed, the entropy of {n} seat sent after the commitment)",
                              "; the seed is HMAC(server seed, the entropy of {n} seats sent after the commitment)",
                              report.entropies) if report.entropies else "")
            echo(ngettext("FAIR {id}: the revealed seed matches the commitment; {n} draw recomputed{mixed}{seeded}",
                          "FAIR {id}: the revealed seed matches the commitment; {n} draws recomputed{mixed}{seeded}",
                          report.draws_checked, id=record["id"], mixed=mixed, seeded=seeded))
        else:
            echo(_("UNFAIR {id}{seeded}:", id=record["id"], seeded=seeded))
            for p in report.problems:
                echo(f"  - {p}")
    sys.exit(3 if not report.seed_revealed else 0 if report.ok else 1)


@main.command()
@speaks
@click.argument("game")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None)
def export(game: str, output: str | None) -> None:
    """Print GAME's full record (JSON) — the input of verify, fairness and import."""
    record = load_record(game)
    text = json.dumps(record, indent=1, ensure_ascii=False, sort_keys=False)
    if output:
        Path(output).write_text(printable(text) + "\n", encoding="utf-8")
        echo(ngettext("wrote {output} ({n} event)", "wrote {output} ({n} events)", len(record["events"]), output=output), err=True)
    else:
        echo(text)


@main.command("import")
@speaks
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
def import_cmd(file: str, as_json: bool) -> None:
    """Store a record FILE in the store under its own id, with new tokens."""
    record = load_record(file)
    try:
        game_id, tokens, host = _app().import_record(record)
    except IllegalAction as exc:
        raise click.ClickException(printable(exc.message)) from None
    data = {"id": str(game_id), "host_token": host,
            "seats": [{"seat": n, "name": p["name"], "token": t} for n, (p, t) in enumerate(zip(record["players"], tokens, strict=True))]}
    if as_json:
        _echo_json(data)
    else:
        echo(ngettext("imported {id} ({n} event); host token {token}", "imported {id} ({n} events); host token {token}",
                      len(record["events"]), id=game_id, token=host))


@main.command()
@speaks
@click.argument("game")
@click.option("--as", "as_", default=None, help="seat number or name, 'spectator', or 'all' (default)")
@click.option("--at", "at", type=int, default=0, help="start at this version")
def step(game: str, as_: str | None, at: int) -> None:
    """Step through GAME: n/Enter next, p previous, g N go to, v board, q quit. Each move is said
    in words, with every number it changed."""
    record = load_record(game)
    viewer = parse_viewer(as_, record)
    rules = registry.get(record["game"])
    frames = list(replay_states(record))
    names = seat_names(record)
    index = max(0, min(at, len(frames) - 1))
    show_view = False

    def seen(i: int) -> Any:
        state = frames[i][2] if i >= 0 else None
        return rules.view(state, viewer) if state is not None else None

    while True:
        version, ev, state = frames[index]
        echo(describe_event(ev, record, viewer))
        for line in changes(seen(index - 1), seen(index), names):  # what the move changed
            echo("       " + _("changed: {line}", line=line))
        if show_view:
            echo(text_board(rules, seen(index), names))
        try:
            answer = click.prompt(f"[{version}/{frames[-1][0]}] n/p/g N/v/q", default="n", show_default=False)
        except (click.Abort, EOFError):
            return
        answer = answer.strip()
        if answer in ("q", "quit"):
            return
        if answer in ("n", ""):
            index = min(index + 1, len(frames) - 1)
        elif answer == "p":
            index = max(index - 1, 0)
        elif answer == "v":
            show_view = not show_view
        elif answer.startswith("g"):
            try:
                index = max(0, min(int(answer[1:].strip()), len(frames) - 1))
            except ValueError:
                echo(_("g needs a version number, e.g. g 12"))
        else:
            echo(_("n next, p previous, g N go to version N, v toggle the board, q quit"))


@main.command("analyse")
@click.argument("game")
@click.option("--seed", default=None, help="the search's seed (default: the game's id): the same seed, the same analysis")
@click.option("--iterations", type=int, default=None, help="iterations per decision (default: the strong bot's)")
@click.option("--horizon", type=int, default=None, help="playout length in decisions, 0 to the end (default: the strong bot's)")
@click.option("--moves", is_flag=True, help="also every assessed decision")
@click.option("--json", "as_json", is_flag=True)
def analyse_cmd(game: str, seed: str | None, iterations: int | None, horizon: int | None, moves: bool,
                as_json: bool) -> None:
    """The strong search bot assesses every decision of a finished GAME: the move it prefers,
    the chance of winning after the move played and after its own, each seat's chance through
    the game, and the moves that cost most. Each decision is searched from what its seat saw."""
    record = load_record(game)
    if record.get("status") not in ("finished", "abandoned"):
        raise NotThere(f"{record['id']} is not over: its analysis would be advice while it runs")
    names = [p["name"] or f"seat {p['seat']}" for p in record["players"]]
    seed = str(record["id"]) if seed is None else seed
    if as_json:
        _echo_json(analyse(record, seed, iterations, horizon).to_json())
        return
    with click.progressbar(length=len(decisions_of(record)), label="analysing", file=sys.stderr, show_pos=True) as bar:
        done = analyse(record, seed, iterations, horizon, progress=lambda n, _total: bar.update(n - bar.pos))
    for line in told(done, record, names, moves):
        echo(line)


@main.command()
@click.option("--quick", is_flag=True, help="smaller sizes (a smoke run)")
@click.option("--only", default=None, help="comma list: engine,verify,store,http,load,storage,serve,streams,wakeups,legal,memory,bots (the last four only when named)")
def bench(quick: bool, only: str | None) -> None:
    """Engine and store benchmarks (the figures in docs/perf.md)."""
    from . import bench as benchmarks  # lazy: the benchmarks drive the service; only for bench

    benchmarks.run(quick=quick, only=set(only.split(",")) if only else None)


for _command in (legal_cmd, try_cmd, why_cmd):
    main.add_command(_command)

if __name__ == "__main__":
    main()
