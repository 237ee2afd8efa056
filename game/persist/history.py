"""Finished games: the history of the last 50 games and the statistics.

Scenes call `add_finished_game` once when a table game or a solitaire ends. The game is
replayed and checked by the rules engine, its record is kept in `records/finished/` of the
data directory (so the history can open it in the viewer), and `history.json` gets a
history entry and updated statistics, written atomically through the `Storage`. A
history file that cannot be read is set aside with a notice and a fresh one is started;
nothing here ever raises into the game.

The saved game of the Continue button is checked the same way: `check_saved_game` sets
aside a save that is not JSON or that the rules engine cannot replay.
"""

from __future__ import annotations

import copy
import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from game.persist.records import RECORD_SUFFIX, finished_dir, load_record, write_record
from game.rules.record import TABLE, GameRecord, RecordedGame, RecordError
from game.rules.solitaire import WON
from game.rules.table import TableState

if TYPE_CHECKING:
    from game.persist.storage import Storage

HISTORY_FILE: Final = "history.json"
HISTORY_LIMIT: Final = 50
HISTORY_VERSION: Final = 1
SOLITAIRE_MODES: Final = ("draw-solitaire", "stacked-solitaire")


# --- the records folder -------------------------------------------------------------------


def read_record(path: str | Path) -> RecordedGame:
    """Load and replay the record at `path`; `RecordError` (one line) when it is bad."""
    return RecordedGame.from_record(load_record(path))


def check_record_dict(data: Any) -> RecordedGame:
    """Replay a parsed record document (a copy of it); `RecordError` when it is bad."""
    if not isinstance(data, dict):
        raise RecordError("record: not a JSON object")
    return RecordedGame.from_record(GameRecord(copy.deepcopy(data)))


# --- the saved game (Continue) ------------------------------------------------------------


def check_saved_game(storage: Storage) -> dict[str, Any] | None:
    """The saved game if the rules engine can replay it; a bad one is set aside (notice)."""
    data = storage.load_game()
    if data is None:
        return None
    try:
        if data.get("hands") == []:  # set up but not dealt yet: the scene deals it
            GameRecord(data).validate_header()
        else:
            check_record_dict(data)
    except RecordError as error:
        storage.set_aside(storage.saved_game_path, str(error))
        return None
    return data


# --- statistics ---------------------------------------------------------------------------


@dataclass
class PlayerStats:
    """One player name's table games."""

    games: int = 0
    wins: int = 0
    score_sum: int = 0
    best_score: int | None = None
    best_move: int = 0
    computer: bool = False

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0


@dataclass
class SolitaireStats:
    """One solitaire's games; wins with help are counted apart from clean wins."""

    played: int = 0
    won: int = 0
    clean_wins: int = 0
    hint_wins: int = 0
    undo_wins: int = 0
    autoplay_wins: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class History:
    """The contents of `history.json`: the last games (oldest first) and the statistics."""

    games: list[dict[str, Any]] = field(default_factory=list)
    players: dict[str, PlayerStats] = field(default_factory=dict)
    solitaires: dict[str, SolitaireStats] = field(
        default_factory=lambda: {mode: SolitaireStats() for mode in SOLITAIRE_MODES})

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": HISTORY_VERSION,
            "games": self.games,
            "players": {name: vars(stats) for name, stats in self.players.items()},
            "solitaires": {mode: vars(stats) for mode, stats in self.solitaires.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> History:
        """Read a parsed file; entries of the wrong shape are dropped, never trusted."""
        history = cls()
        games = data.get("games")
        if isinstance(games, list):
            history.games = [g for g in games if _valid_entry(g)][-HISTORY_LIMIT:]
        players = data.get("players")
        if isinstance(players, dict):
            for name, values in players.items():
                stats = _read_stats(PlayerStats, values)
                if isinstance(name, str) and stats is not None:
                    history.players[name] = stats
        solitaires = data.get("solitaires")
        if isinstance(solitaires, dict):
            for mode in SOLITAIRE_MODES:
                stats = _read_stats(SolitaireStats, solitaires.get(mode))
                if stats is not None:
                    history.solitaires[mode] = stats
        return history


def _read_stats(kind: type[Any], values: Any) -> Any | None:
    """A stats object from a dict whose values have the right types, else None."""
    if not isinstance(values, dict):
        return None
    stats = kind()
    for key, default in vars(kind()).items():
        value = values.get(key, default)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif key == "best_score":
            ok = value is None or type(value) is int
        else:
            ok = type(value) is int
        if not ok:
            return None
        setattr(stats, key, value)
    return stats


_ENTRY_FIELDS: Final = {"date": str, "mode": str, "players": list, "summary": str, "file": str}


def _valid_entry(entry: Any) -> bool:
    return isinstance(entry, dict) and all(
        isinstance(entry.get(key), kind) for key, kind in _ENTRY_FIELDS.items())


def history_path(storage: Storage) -> Path:
    return storage.data_dir / HISTORY_FILE


def load_history(storage: Storage) -> History:
    """The history file, or a fresh history (a bad file is set aside with a notice)."""
    path = history_path(storage)
    data = storage.read_json(path)
    if data is None:
        return History()
    if not isinstance(data, dict) or data.get("version") != HISTORY_VERSION:
        storage.set_aside(path, "not a Contack history file")
        return History()
    return History.from_dict(data)


def save_history(storage: Storage, history: History) -> bool:
    return storage.write_json(history_path(storage), history.to_dict())


def reset_statistics(storage: Storage) -> None:
    """Clear every statistic (the list of past games stays)."""
    history = load_history(storage)
    save_history(storage, History(games=history.games))


def record_key(record: dict[str, Any]) -> str:
    """A fingerprint of a record, so the same finished game is never counted twice."""
    return hashlib.sha256(GameRecord(record).dumps().encode("utf-8")).hexdigest()[:20]


# --- a finished game ----------------------------------------------------------------------


def add_finished_game(storage: Storage, record: dict[str, Any], *, hints: bool = False,
                      undos: bool = False, autoplay: bool = False,
                      now: float | None = None) -> dict[str, Any] | None:
    """Add a finished game to the history and statistics; the new entry (None if refused).

    `record` is the finished game's `.contack.json` document; the flags say whether the
    player used hints, undo or auto-play (such wins are counted apart from clean wins).
    Problems (a record the engine refuses, a disk error) become `storage.notices`.
    """
    try:
        recorded = check_record_dict(record)
    except RecordError as error:
        storage.notices.append(f"This game was not added to the history ({error}).")
        return None
    history = load_history(storage)
    key = record_key(record)
    if any(entry.get("key") == key for entry in history.games):
        return None
    stamp = time.localtime(now)
    file = finished_dir(storage) / (
        f"{time.strftime('%Y%m%d-%H%M%S', stamp)}-{recorded.mode}-{key[:6]}{RECORD_SUFFIX}")
    try:
        write_record(recorded.record, file)
    except OSError as error:
        storage.notices.append(f"Could not keep the game's record: {error.strerror or error}")
    entry = _entry_for(recorded, key, file.relative_to(storage.data_dir).as_posix(), stamp)
    entry.update(hints=hints, undos=undos, autoplay=autoplay)
    if recorded.mode == TABLE:
        _count_table_game(history, recorded)
    else:
        _count_solitaire(history.solitaires[recorded.mode], recorded.state.is_terminal()
                         and getattr(recorded.state, "status", None) == WON,
                         hints=hints, undos=undos, autoplay=autoplay)
    history.games.append(entry)
    for dropped in history.games[:-HISTORY_LIMIT]:
        _forget_record_file(storage, dropped)
    history.games = history.games[-HISTORY_LIMIT:]
    save_history(storage, history)
    return entry


def _entry_for(recorded: RecordedGame, key: str, file: str,
               stamp: time.struct_time) -> dict[str, Any]:
    names = [str(p.get("name", f"Seat {i + 1}")) for i, p in enumerate(recorded.record.players)]
    state = recorded.state
    entry: dict[str, Any] = {"key": key, "date": time.strftime("%Y-%m-%d %H:%M", stamp),
                             "mode": recorded.mode, "players": names, "file": file}
    if isinstance(state, TableState):
        tally = state.tally()
        entry["scores"] = list(tally.standings)
        entry["winners"] = list(tally.leaders)
        winners = " and ".join(names[s] for s in tally.leaders)
        scores = ", ".join(str(s) for s in tally.standings)
        entry["summary"] = f"{winners} won ({scores})"
    else:
        placed = len(state.figure)
        entry["won"] = state.status == WON
        entry["summary"] = "Won, all 36 placed" if entry["won"] else f"Lost, {placed} of 36 placed"
    return entry


def _count_table_game(history: History, recorded: RecordedGame) -> None:
    state = recorded.state
    assert isinstance(state, TableState)
    tally = state.tally()
    best_moves = [0] * state.players
    for hand in recorded.record.hands:
        for entry in hand.get("moves", []):
            seat, score = entry.get("player"), entry.get("score")
            if type(seat) is int and type(score) is int and 0 <= seat < state.players:
                best_moves[seat] = max(best_moves[seat], score)
    for seat, player in enumerate(recorded.record.players):
        name = str(player.get("name", f"Seat {seat + 1}"))
        stats = history.players.setdefault(name, PlayerStats())
        stats.computer = str(player.get("kind", "")).startswith("ai:")
        score = tally.standings[seat]
        stats.games += 1
        stats.wins += seat in tally.leaders
        stats.score_sum += score
        stats.best_score = score if stats.best_score is None else max(stats.best_score, score)
        stats.best_move = max(stats.best_move, best_moves[seat])


def _count_solitaire(stats: SolitaireStats, won: bool, *, hints: bool, undos: bool,
                     autoplay: bool) -> None:
    stats.played += 1
    if not won:
        stats.streak = 0
        return
    stats.won += 1
    stats.streak += 1
    stats.best_streak = max(stats.best_streak, stats.streak)
    stats.hint_wins += hints
    stats.undo_wins += undos
    stats.autoplay_wins += autoplay
    stats.clean_wins += not (hints or undos or autoplay)


def _forget_record_file(storage: Storage, entry: dict[str, Any]) -> None:
    """Delete the kept record of a game that fell off the history (only our own files)."""
    path = (storage.data_dir / entry["file"]).resolve()
    if path.parent == finished_dir(storage).resolve():
        path.unlink(missing_ok=True)


def entry_record_path(storage: Storage, entry: dict[str, Any]) -> Path:
    """Where the record of a history entry is kept."""
    return storage.data_dir / str(entry["file"])
