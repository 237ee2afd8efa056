"""What an idle game costs: the CPU time of the game's process over wall time while
nothing moves on its screen.

    python tools/bench_idle.py [--seconds 10] [--size 1280x800] [--dummy] [--only CASE ...]

Each case runs in its own process, in the game's own loop (`game.app.run`), warmed
for `--warm` seconds (a computer's first move lands, art is drawn ahead), then
measured for `--seconds`:

    menu       the menu as the game opens
    table      a table of two (Ann, a person; Bot, a greedy computer) waiting for Ann
    solitaire  draw solitaire waiting for the player's first move
    online     a live club table of two, Ann's window waiting for Bob's move (Bob, another
               player's connection held by this tool, sat first; Ann's window joined by
               the table's code and, when the deal gave her the first turn, moved)
    watched    a live club table of Tom and Bob, watched from the window (by its code)
               while the table waits for a move

The online cases play at a real club server (`python -m game.server`) on a Redis of its
own (tools/redis_server.py; on the server's files where no redis-server can start: the
output says which); the other players' connections are this tool's, never the measured
process's.
The window is a real X window on a private Xvfb when one can start (as a player's
window: the frames are put on an X server), else SDL's dummy driver; the output says
which. The last line is one JSON object: per case cpu_percent (process CPU time over
wall time), frames_drawn, loops (frames run, drawn or not), the screen and its status
line; "display" and "server".
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CASES = ("menu", "table", "solitaire", "online", "watched")
ONLINE = ("online", "watched")
GUARD_S = 30.0
"""The longest a step waits on the club: only a hung server waits this long."""
E = TypeVar("E")


def measure(
    case: str, size: tuple[int, int], warm: float, seconds: float, table: tuple[str, str]
) -> dict[str, Any]:
    """In this process: stage `case`, run the game's loop, measure once warm. `table`:
    an online case's club server and table code."""
    import pygame

    from game.ai.worker import InProcessAdviser
    from game.app import App, run
    from game.persist.storage import Storage
    from game.scenes.online.remote import online_table_scene
    from game.scenes.solitaire.draw import DrawSolitaireScene
    from game.scenes.table.scene import TableScene
    from tools.samples import table_config

    with tempfile.TemporaryDirectory() as home:
        app = App(size, storage=Storage(home), adviser=InProcessAdviser())
        if case == "table":
            app.push(TableScene(app, table_config([("Ann", "human"), ("Bot", "ai:greedy")], 5)))
        elif case == "solitaire":
            app.push(DrawSolitaireScene(app, seed=7))
        elif case in ONLINE:
            app.push(online_table_scene(app, sat_at(app, case, *table)))
        marks: list[tuple[float, float, int, int]] = []

        def mark() -> None:
            marks.append((time.perf_counter(), time.process_time(), app.frames, app.drawn))
            if len(marks) == 2:
                pygame.event.post(pygame.event.Event(pygame.QUIT))

        threading.Timer(warm, mark).start()
        threading.Timer(warm + seconds, mark).start()
        run(app)
        waiting = type(app.scene).__name__
        says = getattr(app.scene, "status_text", str)()
        app.close()
    (wall0, cpu0, loops0, drawn0), (wall1, cpu1, loops1, drawn1) = marks
    return {
        "cpu_percent": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 2),
        "frames_drawn": drawn1 - drawn0,
        "loops": loops1 - loops0,
        "screen": waiting,
        "status": says,
    }


def sat_at(app: Any, case: str, address: str, code: str) -> Any:
    """Ann's window at the club's table `code`: watching it, or in its free seat, her
    move made when the deal gave her the first turn (then the table waits for Bob)."""
    from game.net.invitation import Invitation
    from game.net.table_opening import TableOpening
    from game.play.table_flow import Turn
    from game.scenes.club.hello import NAME_SETTING, club_hello

    app.settings.club_server, app.settings.extra[NAME_SETTING] = address, "Ann"
    if case == "watched":
        opening = TableOpening.watch(Invitation(address, code))
    else:
        opening = TableOpening.club_join(address, club_hello(app), code)
    while (match := opening.ready(app.adviser)) is None:
        event = opening.link.client.wait(GUARD_S)
        if event is None or opening.failure is not None:
            raise SystemExit(f"the table did not open: {opening.failure}")
        opening.receive(event)
    flow = match.flow
    if flow.turn() is Turn.HUMAN:
        flow.play(flow.legal_moves()[0])
    elif flow.turn() is Turn.FORCED:
        flow.play_forced()
    return match


def next_of(client: Any, kind: type[E]) -> E:
    """The next event of `kind` the club sends `client` (those before it skipped)."""
    while not isinstance(event := client.wait(GUARD_S), kind):
        if event is None:
            raise SystemExit(f"the club sent no {kind.__name__}")
    return event


@contextmanager
def club_table(case: str, address: str) -> Iterator[str]:
    """A live club table of two for an online `case`, its other players' connections
    held here (Bob, who opened it and sat first; for a watched one Tom too): its code
    ("" for an offline case)."""
    if case not in ONLINE:
        yield ""
        return
    from game.net.client import ClubIdentity, TableClient
    from game.net.messages import ClubTableOptions
    from game.net.replies import Created, TableView

    names = ["Bob"] if case == "online" else ["Bob", "Tom"]
    players = [TableClient(address, hello=ClubIdentity(n, n.lower() * 40)).start() for n in names]
    try:
        players[0].create(["remote", "remote"], {}, club=ClubTableOptions(public=True))
        code = next_of(players[0], Created).table
        for name, player in zip(names, players, strict=True):
            player.join(code, name)
            next_of(player, TableView)
        yield code
    finally:
        for player in players:
            player.close()


@contextmanager
def club_server(folder: Path) -> Iterator[tuple[str, str]]:
    """A club server on a Redis of its own (else on its files): its address, and which."""
    from tools.club_servers import start_servers
    from tools.redis_server import NoRedis

    try:
        servers, store = start_servers(folder, "redis", 1), "redis"
    except NoRedis as reason:
        print(f"no Redis ({reason}): the server keeps its tables in files")
        servers, store = start_servers(folder, "files", 1), "files"
    try:
        yield servers.addresses[0], store
    finally:
        servers.stop()


def run_case(
    case: str, args: argparse.Namespace, env: dict[str, str], table: tuple[str, str]
) -> dict[str, Any]:
    """`case` measured in a process of its own (`table`: an online case's server, code)."""
    command = [sys.executable, __file__, "--case", case, "--seconds", str(args.seconds)]
    command += ["--warm", str(args.warm), "--size", f"{args.size[0]}x{args.size[1]}"]
    command += [f"--server={table[0]}", f"--table={table[1]}"]  # a code may start with -
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    from tools.screenshot import parse_size
    from tools.xserver import NoXServer, XServer, start_xserver

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warm", type=float, default=3.0)
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy driver, no X")
    parser.add_argument("--only", choices=CASES, nargs="+", default=CASES, help="these cases")
    parser.add_argument("--case", choices=CASES, help=argparse.SUPPRESS)
    parser.add_argument("--server", default="", help=argparse.SUPPRESS)
    parser.add_argument("--table", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if args.case:
        table = (args.server, args.table)
        print(json.dumps(measure(args.case, args.size, args.warm, args.seconds, table)))
        return
    server: XServer | None = None
    if not args.dummy:
        try:
            server = start_xserver()
        except NoXServer as reason:
            print(f"no X server ({reason}): SDL's dummy driver instead")
    if server is None:
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env = {**env, "DISPLAY": server.display}
        env.pop("SDL_VIDEODRIVER", None)
    display = "dummy" if server is None else f"x11 (Xvfb {server.display})"
    figures: dict[str, Any] = {"display": display}
    try:
        with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as online:
            address = ""
            if any(case in ONLINE for case in args.only):
                address, figures["server"] = online.enter_context(club_server(Path(folder)))
            for case in (case for case in CASES if case in args.only):
                with club_table(case, address) as code:
                    figures[case] = run_case(case, args, env, (address, code))
                cpu, drawn = figures[case]["cpu_percent"], figures[case]["frames_drawn"]
                print(f"{case:10} {cpu:6.2f}% of a core, {drawn} frames drawn in {args.seconds} s")
    finally:
        if server is not None:
            server.close()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
