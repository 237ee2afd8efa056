"""Finished games: the history of the last 50 games and the statistics.

Scenes call `add_finished_game` once when a table game or a solitaire ends. The game is
replayed and checked by the rules engine, its record is kept in `records/finished/` of the
data directory (so the history can open it in the viewer), and `history.json` gets a
history entry and updated statistics, written atomically through `GameFiles` (the
`Storage`). A history file that cannot be read is set aside with a notice and a fresh one
is started; nothing here ever raises into the game: problems become notices.

The statistics themselves (their shapes and the counting) are `game.persist.stats`.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Final, TypedDict

from game.ai.daily import record_day
from game.i18n import N_
from game.persist import autosave
from game.persist.achievement_list import Moment
from game.persist.achievements import count_moment
from game.persist.files import GameFiles, Notice
from game.persist.records import (
    RECORD_SUFFIX,
    check_record,
    check_record_dict,
    finished_dir,
    write_record,
)
from game.persist.stats import (
    SOLITAIRE_MODES,
    DailyStats,
    PlayerStats,
    SolitaireStats,
    count_solitaire,
    count_table_game,
    read_stats,
)
from game.play.events import Report
from game.play.game_facts import game_facts
from game.rules.errors import RecordError
from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.results import WON

HISTORY_FILE: Final = "history.json"
HISTORY_LIMIT: Final = 50
HISTORY_VERSION: Final = 1
NOT_HISTORY: Final = N_("not a Contack history file")


class GameEntry(TypedDict, total=False):
    """One history entry as the file keeps it (docs/record.md's fields of a finished game)."""

    key: str
    date: str
    mode: str
    players: list[str]
    file: str
    summary: str
    scores: list[int]
    winners: list[int]
    won: bool
    placed: int
    hints: bool
    undos: bool
    autoplay: bool


class HistoryFile(TypedDict):
    """`history.json` as the game writes it."""

    version: int
    games: list[GameEntry]
    players: dict[str, dict[str, object]]
    solitaires: dict[str, dict[str, object]]
    daily: dict[str, dict[str, list[str]]]


@dataclass(frozen=True)
class HistoryEntry:
    """One finished game as `history.json` keeps it: when, what, who, how it ended and
    where its record lies (`file`, inside the game's records folder)."""

    key: str
    """The record's fingerprint (`record_key`): a game is counted once."""
    date: str
    """Local time, "YYYY-MM-DD HH:MM"."""
    mode: str
    players: tuple[str, ...]
    file: str
    summary: str
    """The file's own English words for the result (the screens word it anew)."""
    scores: tuple[int, ...] | None = None
    """A table game's final standings, seat by seat."""
    winners: tuple[int, ...] | None = None
    won: bool | None = None
    """A solitaire: whether every tile was placed."""
    placed: int | None = None
    hints: bool = False
    undos: bool = False
    autoplay: bool = False

    @classmethod
    def read(cls, data: object) -> HistoryEntry | None:
        """An entry read from the file; None for one of the wrong shape (never trusted)."""
        if not isinstance(data, dict):
            return None
        text = {key: data.get(key) for key in ("date", "mode", "file", "summary")}
        players = data.get("players")
        if not all(isinstance(value, str) for value in text.values()):
            return None
        if not isinstance(players, list):
            return None
        return cls(
            key=str(data.get("key", "")),
            date=str(text["date"]),
            mode=str(text["mode"]),
            players=tuple(str(name) for name in players),
            file=str(text["file"]),
            summary=str(text["summary"]),
            scores=_whole_numbers(data.get("scores")),
            winners=_whole_numbers(data.get("winners")),
            won=data["won"] if isinstance(data.get("won"), bool) else None,
            placed=data["placed"] if type(data.get("placed")) is int else None,
            hints=data.get("hints") is True,
            undos=data.get("undos") is True,
            autoplay=data.get("autoplay") is True,
        )

    def to_dict(self) -> GameEntry:
        """The entry as the file keeps it (a table game's or a solitaire's fields only)."""
        data: GameEntry = {
            "key": self.key,
            "date": self.date,
            "mode": self.mode,
            "players": list(self.players),
            "file": self.file,
            "summary": self.summary,
        }
        if self.scores is not None and self.winners is not None:
            data["scores"], data["winners"] = list(self.scores), list(self.winners)
        if self.won is not None:
            data["won"] = self.won
        if self.placed is not None:
            data["placed"] = self.placed
        data["hints"], data["undos"], data["autoplay"] = self.hints, self.undos, self.autoplay
        return data


def _whole_numbers(value: object) -> tuple[int, ...] | None:
    if not isinstance(value, list):
        return None
    return tuple(item for item in value if type(item) is int)


@dataclass
class History:
    """The contents of `history.json`: the last games (oldest first) and the statistics."""

    games: list[HistoryEntry] = field(default_factory=list)
    players: dict[str, PlayerStats] = field(default_factory=dict)
    solitaires: dict[str, SolitaireStats] = field(
        default_factory=lambda: {mode: SolitaireStats() for mode in SOLITAIRE_MODES}
    )
    daily: dict[str, DailyStats] = field(
        default_factory=lambda: {mode: DailyStats() for mode in SOLITAIRE_MODES}
    )

    def to_dict(self) -> HistoryFile:
        return {
            "version": HISTORY_VERSION,
            "games": [entry.to_dict() for entry in self.games],
            "players": {name: vars(stats) for name, stats in self.players.items()},
            "solitaires": {mode: vars(stats) for mode, stats in self.solitaires.items()},
            "daily": {mode: stats.to_dict() for mode, stats in self.daily.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> History:
        """Read a parsed file; entries of the wrong shape are dropped, never trusted."""
        history = cls()
        games = data.get("games")
        if isinstance(games, list):
            read = (HistoryEntry.read(entry) for entry in games)
            history.games = [entry for entry in read if entry is not None][-HISTORY_LIMIT:]
        players = data.get("players")
        if isinstance(players, dict):
            for name, values in players.items():
                player = read_stats(PlayerStats, values)
                if isinstance(name, str) and player is not None:
                    history.players[name] = player
        solitaires = data.get("solitaires")
        if isinstance(solitaires, dict):
            for mode in SOLITAIRE_MODES:
                stats = read_stats(SolitaireStats, solitaires.get(mode))
                if stats is not None:
                    history.solitaires[mode] = stats
        daily = data.get("daily")
        if isinstance(daily, dict):
            history.daily = {
                mode: DailyStats.from_dict(daily.get(mode)) for mode in SOLITAIRE_MODES
            }
        return history


def history_path(files: GameFiles) -> Path:
    return files.data_dir / HISTORY_FILE


def load_history(files: GameFiles) -> History:
    """The history file, or a fresh history (a bad file is set aside with a notice)."""
    data = files.read_versioned(history_path(files), HISTORY_VERSION, NOT_HISTORY)
    return History() if data is None else History.from_dict(data)


def save_history(files: GameFiles, history: History) -> bool:
    return files.write_json(history_path(files), history.to_dict())


def reset_statistics(files: GameFiles) -> None:
    """Clear every statistic, daily deals too (the list of past games stays)."""
    history = load_history(files)
    save_history(files, History(games=history.games))


def count_finished(files: GameFiles, report: Report) -> HistoryEntry | None:
    """Count a finished game as its session reports it (`add_finished_game`): a table
    flow's or a solitaire session's, with the help the player took."""
    return add_finished_game(
        files, report.record, hints=report.hints, undos=report.undos, autoplay=report.autoplay
    )


def record_key(record: GameRecord) -> str:
    """A fingerprint of a record, so the same finished game is never counted twice."""
    return hashlib.sha256(record.dumps().encode("utf-8")).hexdigest()[:20]


# --- a finished game ----------------------------------------------------------------------


def add_finished_game(
    files: GameFiles,
    record: GameRecord,
    *,
    hints: bool = False,
    undos: bool = False,
    autoplay: bool = False,
    now: float | None = None,
) -> HistoryEntry | None:
    """Add a finished game to the history and statistics; the new entry (None if refused).

    `record` is the finished game's record; the flags say whether the
    player used hints, undo or auto-play (such wins are counted apart from clean wins).
    Its record file, its achievements (`game.persist.achievements`) and then the history
    are written; its mode's save (this game's, finished or as last saved before its end)
    goes once the history holding it is written. When the disk refuses one of them, the
    game is kept in `files.owed` to be written when it can, and written into its save
    for the next start to count if the game closes first. Problems (a record the engine
    refuses, a disk error) become `files.notices`.
    """
    try:
        recorded = check_record(record)
    except RecordError as error:
        files.notices.append(
            Notice(N_("This game was not added to the history ({reason})."), {"reason": str(error)})
        )
        return None
    key = record_key(record)
    if any(entry.key == key for entry in load_history(files).games):
        return None
    stamp = time.localtime(now)
    file = finished_dir(files) / (
        f"{time.strftime('%Y%m%d-%H%M%S', stamp)}-{recorded.mode}-{key[:6]}{RECORD_SUFFIX}"
    )
    entry = _entry_for(recorded, key, file.relative_to(files.data_dir).as_posix(), stamp)
    finished = FinishedGame(
        recorded, replace(entry, hints=hints, undos=undos, autoplay=autoplay), file, stamp
    )
    if not finished.write(files):
        files.owe(f"history:{key}", partial(finished.write, files))
        autosave.save_game(files, record)
    return finished.entry


@dataclass
class FinishedGame:
    """A finished game on its way into the history: its record file, its achievements
    and its entry, each written once (`write` again does what the disk refused)."""

    recorded: RecordedGame
    entry: HistoryEntry
    file: Path
    stamp: time.struct_time
    record_kept: bool = False
    achievements_kept: bool = False

    def write(self, files: GameFiles) -> bool:
        """Write what is not written yet; whether the history holds the game now. Its
        achievements are kept before the history, and the history waits for both."""
        recorded, entry = self.recorded, self.entry
        if not self.record_kept:
            self.record_kept = _kept_record(files, recorded, self.file)
        history = load_history(files)
        if any(counted.key == entry.key for counted in history.games):
            return True
        if recorded.mode.is_table:
            count_table_game(history.players, recorded)
        else:
            won = recorded.state.is_terminal() and getattr(recorded.state, "status", None) == WON
            count_solitaire(
                history.solitaires[recorded.mode],
                won,
                hints=entry.hints,
                undos=entry.undos,
                autoplay=entry.autoplay,
            )
            day = record_day(recorded.record)
            if day is not None:
                history.daily[recorded.mode].count(day, won)
        history.games.append(entry)
        dropped = history.games[:-HISTORY_LIMIT]
        history.games = history.games[-HISTORY_LIMIT:]
        if not self.achievements_kept:
            facts = game_facts(
                recorded, hints=entry.hints, undos=entry.undos, autoplay=entry.autoplay
            )
            moment = Moment(facts, history.players, history.solitaires, history.daily)
            self.achievements_kept = count_moment(files, moment, datetime.date(*self.stamp[:3]))
        if not (self.record_kept and self.achievements_kept and save_history(files, history)):
            return False
        for forgotten in dropped:
            _forget_record_file(files, forgotten)
        clear_save_of(files, recorded.record)
        return True


def _kept_record(files: GameFiles, recorded: RecordedGame, file: Path) -> bool:
    """Write a finished game's record file for the history to open; whether it is."""
    try:
        write_record(recorded.record, file)
    except OSError as error:
        files.notices.append(
            Notice(
                N_("Could not keep the game's record: {reason}"),
                {"reason": error.strerror or str(error)},
            )
        )
        return False
    return True


def clear_save_of(files: GameFiles, record: GameRecord) -> None:
    """Delete its mode's save unless it holds another game than `record`'s (one begun
    since keeps its save); this one's goes, finished or as saved before its end."""
    saved = autosave.load_game(files, record.mode)
    if saved is None or autosave.is_earlier_save(saved, record):
        autosave.clear_game(files, record.mode)


def _entry_for(
    recorded: RecordedGame, key: str, file: str, stamp: time.struct_time
) -> HistoryEntry:
    names = tuple(recorded.record.names())
    state = recorded.state
    date = time.strftime("%Y-%m-%d %H:%M", stamp)
    entry = HistoryEntry(key, date, recorded.mode, names, file, summary="")
    if state.mode is Mode.TABLE:
        tally = state.tally()
        winners = " and ".join(names[s] for s in tally.leaders)  # untranslated: the file
        scores = ", ".join(str(s) for s in tally.standings)
        return replace(
            entry,
            scores=tuple(tally.standings),
            winners=tuple(tally.leaders),
            summary=f"{winners} won ({scores})",  # untranslated: the file's own words
        )
    placed, won = len(state.figure), state.status == WON
    # The file's own words; the screens word it from "won" and "placed".
    summary = "Won, all 36 placed"  # untranslated: the file
    if not won:
        summary = f"Lost, {placed} of 36 placed"  # untranslated: the file
    return replace(entry, won=won, placed=placed, summary=summary)


def _forget_record_file(files: GameFiles, entry: HistoryEntry) -> None:
    """Delete the kept record of a game that fell off the history (only our own files)."""
    with contextlib.suppress(RecordError, OSError):
        entry_record_path(files, entry.file).unlink(missing_ok=True)


def entry_record_path(files: GameFiles, file: str) -> Path:
    """Where the record a history entry names (`file`) is kept: only ever inside the
    game's own records folder (`RecordError` for an entry that names anything else, a
    NUL or a path the system cannot read included)."""
    try:
        folder = finished_dir(files).resolve()
        path = (files.data_dir / file).resolve()
    except (OSError, ValueError, RuntimeError):  # a NUL, a loop of links
        path = folder = Path()
    if not path.name.endswith(RECORD_SUFFIX) or path.parent != folder:
        raise RecordError("record: the history names a file outside the game's records")
    return path


def finished_save(files: GameFiles, mode: str) -> GameRecord | None:
    """The save of `mode` when it holds a finished game (None otherwise)."""
    data = autosave.load_game(files, mode)
    try:
        recorded = None if data is None else check_record_dict(data)
    except RecordError:
        return None
    return recorded.record if recorded is not None and recorded.is_over() else None


def is_counted(files: GameFiles, record: GameRecord) -> bool:
    """Whether the history holds the finished game `record`."""
    key = record_key(record)
    return any(entry.key == key for entry in load_history(files).games)


def clear_counted_game(files: GameFiles, mode: str) -> None:
    """Delete the save of `mode` (the player gives the game up), unless it holds a
    finished game the history could not take yet (its write failed: a full or
    read-only disk), for the next start to count."""
    finished = finished_save(files, mode)
    if finished is None or is_counted(files, finished):
        autosave.clear_game(files, mode)


def clear_finished_game(files: GameFiles, mode: str) -> None:
    """The game of `mode` is over: delete its save if it holds a finished game the
    history has. An unfinished one stays: the last save before the end, when neither
    the history nor the finished game could be written (a full disk), is what Continue
    offers then."""
    finished = finished_save(files, mode)
    if finished is not None and is_counted(files, finished):
        autosave.clear_game(files, mode)


def count_lost_saves(files: GameFiles) -> None:
    """Count a finished game that was never counted (a solitaire lost when the game
    closed before the player moved on, or any game whose history write failed: its save
    still holds it), and clear its save once it is counted."""
    for mode in (*SOLITAIRE_MODES, Mode.TABLE):
        record = finished_save(files, mode)
        if record is None:
            continue
        used = record.assists
        add_finished_game(
            files,
            record,
            hints=bool(used.get("hints")),
            undos=bool(used.get("undos")),
            autoplay=bool(used.get("autoplay")),
        )
        clear_finished_game(files, mode)
