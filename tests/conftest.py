"""Shared fixtures: a headless SDL, and advisers that think in-process (no test waits on
another process or on wall-clock time)."""

from __future__ import annotations

import gc
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# SDL would turn SIGTERM into a QUIT event, so a hung test's process (or one it started)
# would outlive `timeout` and the per-test timeout's kill.
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
os.environ["LANGUAGE"] = "en"  # the tests read English unless they choose Spanish

import pytest
import trustme

from game import i18n, news
from game.ai import analysis, fair_draw, worker
from game.ai.analysis import SolitaireReview
from game.ai.worker import InProcessAdviser, Job
from game.app import App
from game.net.client import TableClient
from game.net.hosting import HostedServer
from game.net.tables import players, ratings, redis_book
from game.net.tables.registry import Registry
from game.rules.record.document import GameRecord
from game.ui.tiles.art import TileArt
from tests.drive import new_app
from tests.net_helpers import ROOMY, ManualClock
from tools.club_peer import ClubPeer, running
from tools.postgres_server import (
    NoPostgres,
    PostgresServer,
    remove_template,
    start_postgres,
    template_of,
)
from tools.redis_server import NoRedis, RedisServer, start_redis
from tools.xserver import NoXServer, XServer, start_xserver

# pytest rewrites each test module's asserts as it imports it, and keeps the rewritten
# module only where bytecode may be written: a machine that sets PYTHONDONTWRITEBYTECODE
# would have each worker rewrite all the test modules again at every run (4 s a worker).
sys.dont_write_bytecode = False

R = TypeVar("R")
GUARD_S = 120.0
"""The longest any test waits for something that comes at once when all is well (an
event, a frame, a process started under the whole suite's load): only a hung test waits
this long."""


STARTED_FIRST = ("tests/test_real_window.py",)
"""Test files run before all the others: a real window under Xvfb plays at the speed of
its frames (12-26 s of wall time for its hand and solitaire), and a worker that drew it
among the last tests kept the whole run waiting for it (a run of 54 s took 71)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`STARTED_FIRST` first, in their order; the others as collected (pytest-xdist hands
    each worker its first tests in this order)."""
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in STARTED_FIRST)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What every test of a worker shares (pygame, the game's modules, the tests collected)
    is frozen once, as the game freezes what it holds once started (game/collector.py): the
    collector's full passes during the tests need not look at it again (the audit at
    800x600, test_net_owned and test_ai_analysis in one process: 0.96 -> 0.72 s collecting)."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def quick_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach and the fair draw player think with a small effort in tests (the game
    gives the coach the master's and the fair player more imagined stocks): a test of a
    screen needs their seeded, legal moves, not their strength. A lost solitaire's review
    is worked out once per record (`remembered_review`)."""
    monkeypatch.setattr(analysis, "COACH_STEPS", 400)
    monkeypatch.setattr(analysis, "COACH_SAMPLES", 1)
    monkeypatch.setattr(analysis, "COACH_DEPTH", 4)
    monkeypatch.setattr(fair_draw, "SAMPLES", 16)
    monkeypatch.setattr(worker, "review_solitaire", remembered_review)


_reviews: dict[tuple[str, int], SolitaireReview] = {}
"""The decided reviews of solitaire records this process has worked out, by record and
budget: many tests and staged screens lose the same seeded deal the same way, and its
review (a dozen solves) is the same every time."""


def remembered_review(
    record: GameRecord, positions: int, stop: Callable[[], bool]
) -> SolitaireReview:
    """`analysis.review_solitaire`, worked out once for each record and budget (an
    undecided review, perhaps stopped, again each time)."""
    key = (record.dumps(), positions)
    known = _reviews.get(key)
    if known is None:
        known = analysis.review_solitaire(record, positions, stop)
        if known.decided:
            _reviews[key] = known
    return known


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each test's own empty folder under the run's base temporary folder, as pytest's,
    but named by `mkdtemp` at once: pytest numbers its folders by reading every folder
    made before in the worker, which grows with the tests run (1.5 s in a whole run)."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    return Path(tempfile.mkdtemp(prefix=name, dir=tmp_path_factory.getbasetemp()))


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each test leaves the game speaking English, as the other tests expect, whatever
    language it chose (in its settings or directly)."""
    yield
    i18n.set_language("en")


@contextmanager
def clients_closed() -> Iterator[None]:
    """Every table client started within is closed on leaving (a window's, a test's own)."""
    started: list[TableClient] = []
    start = TableClient.start

    def noted(client: TableClient) -> TableClient:
        started.append(client)
        return start(client)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TableClient, "start", noted)
        yield
    for client in started:
        client.close()


@pytest.fixture(autouse=True)
def connections_closed() -> Iterator[None]:
    """No test's connection outlives it: one left open tries its stopped server again for
    the rest of the run, and each try is news (`game.news`) that wakes the window of the
    test then running (an idle table drew frames for them, under load)."""
    with clients_closed():
        yield


class HeldJob:
    """A job whose answer is computed at once but handed out only once its adviser
    allows it (`step` or `release`)."""

    def __init__(self, adviser: HeldAdviser, number: int, value: Any) -> None:
        self._adviser = adviser
        self._number = number
        self._value = value
        self._cancelled = False

    def done(self) -> bool:
        return self._number < self._adviser.allowed and not self._cancelled

    def result(self) -> Any:
        return self._value if self.done() else None

    @property
    def failed(self) -> bool:
        return False

    def cancel(self) -> None:
        self._cancelled = True


class HeldAdviser(InProcessAdviser):
    """Thinks in-process, but answers only as the test allows: `step` hands out the next
    job's answer, `release` every one: the window must go on drawing while a computer
    is still thinking or a folder is still being read."""

    def __init__(self) -> None:
        super().__init__()
        self.allowed = 0

    def submit(self, work: Callable[..., R], *args: Any) -> Job[R]:
        self.submitted += 1
        return HeldJob(self, self.submitted - 1, work(*args))

    def step(self) -> None:
        self.allowed += 1
        news.arrived()

    def release(self) -> None:
        self.allowed = sys.maxsize
        news.arrived()


@pytest.fixture
def held_adviser() -> HeldAdviser:
    return HeldAdviser()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers more than this process may use cores. Many tests wait on the
    processes they start (servers, real windows, killed games): the extra workers keep the
    cores busy meanwhile (two cores, at b428500: 93-101 s with two workers, 82-85 s with
    three; at 28c2c0f: 71-76 s with three, 68-70 s with four, 67 s with five)."""
    return len(os.sched_getaffinity(0)) + 2


RAM_DISK = Path("/dev/shm")


def pytest_configure(config: pytest.Config) -> None:
    if os.access(RAM_DISK, os.W_OK) and shutil.disk_usage(RAM_DISK).free > 2**30:
        # Each test's folder (`tmp_path`) in memory: the game syncs each file it saves to
        # the disk (6 ms a save on this machine's disk, 0.05 ms in memory) and the tests
        # save thousands of times. pytest reads this when it makes its first folder.
        os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(RAM_DISK))
    config.addinivalue_line(
        "markers",
        "app(**options): how a module's apps are made: `make_app`'s options, and share_art=True "
        "for one tile-art cache across the module's apps",
    )


class AppMaker:
    """Builds apps the way `tests.drive.new_app` does (a manual clock, an in-process
    adviser), on the test's own data folder unless given another, with the options of the
    module's `app` mark unless the call gives others."""

    def __init__(self, home: Path, marked: dict[str, Any], shared_art: list[TileArt]) -> None:
        self.home = home
        self.marked = marked
        self.shared_art = shared_art

    def __call__(
        self, home: Path | None = None, size: tuple[int, int] | None = None, **options: Any
    ) -> App:
        chosen = {"size": (1280, 800), **self.marked, **options}
        if size is not None:
            chosen["size"] = size
        share = chosen.pop("share_art", False)
        if share and self.shared_art:
            chosen["art"] = self.shared_art[0]
        app = new_app(self.home if home is None else home, **chosen)
        if share and not self.shared_art:
            self.shared_art.append(app.art)
        return app


@pytest.fixture(scope="module")
def module_art() -> list[TileArt]:
    """The tile art a module's apps share when its `app` mark asks (rendering is slow)."""
    return []


@pytest.fixture
def make_app(tmp_path: Path, request: pytest.FixtureRequest, module_art: list[TileArt]) -> AppMaker:
    """`make_app(home=tmp_path, size=(1280, 800), *, speed=None, banner=None, art=None,
    record_path=None, adviser=None, frames=2, painted=False)`: a new headless app; a module's
    `pytestmark = pytest.mark.app(...)` sets its own defaults."""
    mark = request.node.get_closest_marker("app")
    return AppMaker(tmp_path, dict(mark.kwargs) if mark else {}, module_art)


@pytest.fixture
def app(make_app: AppMaker) -> App:
    """The test's app, made as its module's `app` mark says (1280x800 otherwise)."""
    return make_app()


@pytest.fixture(scope="module")
def xserver() -> Iterator[XServer]:
    """A private X server (Xvfb, no window manager) for a module's real-window tests; the
    module is skipped, saying why, where none can start."""
    try:
        server = start_xserver()
    except NoXServer as reason:
        pytest.skip(f"no X server for the real-window tests: {reason}")
    driver = server.video_driver()
    if driver != "x11":
        server.close()
        pytest.skip(f"SDL opens no window on the X server (its video driver: {driver})")
    yield server
    server.close()


@pytest.fixture
def table_server() -> Iterator[HostedServer]:
    """A table server in a thread on a free loopback port (no limits a test reaches)."""
    hosted = HostedServer(Registry(ManualClock(), limits=ROOMY), "127.0.0.1", 0)
    hosted.start()
    yield hosted
    hosted.stop()


@pytest.fixture
def everyone_established(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every player counts as established from their first rated game: listed on the
    board, and of full weight on the others' ratings (tests of a game or two)."""
    monkeypatch.setattr(players, "ESTABLISHED", 1)
    monkeypatch.setattr(redis_book, "ESTABLISHED", 1)
    monkeypatch.setattr(ratings, "ESTABLISHED", 0)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real redis-server of the test's own on a free loopback port, its files in the
    test's folder, stopped after the test; skipped, saying why, where none can start."""
    try:
        server = start_redis(tmp_path / "redis")
    except NoRedis as reason:
        pytest.skip(str(reason))
    yield server
    server.close()


@pytest.fixture(scope="session")
def postgres_template(request: pytest.FixtureRequest) -> Path:
    """The folder of the cluster every PostgreSQL server of this run copies (made by the
    first: `initdb` takes half a second of a core), removed once the run is over."""
    workers = hasattr(request.config, "workerinput")  # xdist's, whose parent is the run's
    return template_of(os.getppid() if workers else os.getpid())


@pytest.fixture(scope="session")
def postgres_server(postgres_template: Path) -> Iterator[PostgresServer]:
    """A real PostgreSQL server of the test session's own (one a worker), stopped at its
    end; skipped, saying why, where none can start."""
    try:
        server = start_postgres(postgres_template)
    except NoPostgres as reason:
        pytest.skip(str(reason))
    yield server
    server.close()


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the run's own process: its workers are gone
        remove_template(template_of(os.getpid()))


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    """A certificate authority of the tests' own, trusted by the clients told to only."""
    return trustme.CA()


@pytest.fixture
def club() -> Iterator[ClubPeer]:
    """A scripted club (tools/club_peer.py) on a free loopback port."""
    with running() as peer:
        yield peer
