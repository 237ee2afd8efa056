"""Game records (`.contack.json`, docs/record.md): reading, checking, replaying and writing.

`GameRecord` (record/document.py) is the document, read into typed values
(record/values.py) for every reader above the rules. `RecordedGame` keeps a
live state and its record in step: every move played through it is checked, applied and
written down (`play` returns the state's `MoveResult`), so the record can be saved after
any move and resumed exactly.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeGuard

from game.rules.contacts import contact_score
from game.rules.errors import IllegalMoveError, RecordError, RulesError
from game.rules.modes import Mode
from game.rules.moves import (
    DRAW,
    PLACE,
    Move,
)
from game.rules.record.document import GameRecord
from game.rules.record.entries import (
    MoveEntry,
    entry_to_move,
    fail,
    move_to_entry,
)
from game.rules.record.values import RecordMove
from game.rules.results import MoveResult
from game.rules.solitaire import DrawSolitaireState, SolitaireState, StackedSolitaireState
from game.rules.table import TableGame, TableState
from game.rules.tiles import ALL_TILES, TileId, parse_tile, tile_name

AnyState = TableState | SolitaireState
"""A position of any mode, told apart by its `mode` (code that need not tell them apart
takes a `GameState`)."""


def _read_stock(hand: Mapping[str, Any], index: int) -> list[TileId]:
    stock = hand.get("stock")
    if not isinstance(stock, list):
        raise fail(index, None, "stock must be a list of 36 tile names")
    try:
        tiles = [parse_tile(name) for name in stock]
    except RulesError as error:
        raise fail(index, None, f"stock: {error}") from None
    if sorted(tiles) != list(ALL_TILES):
        raise fail(index, None, "the stock must hold each of the 36 tiles exactly once")
    return tiles


# --- a game and its record, in step ---------------------------------------------------


class RecordedGame:
    """A state and its record kept in step.

    `play` checks a move, applies it and writes it down; `undo` takes the last one back
    from both. Build one with `new_table`, `new_draw_solitaire`, `new_stacked_solitaire`
    or `from_record` (which replays and checks every move, and so resumes a game).
    """

    def __init__(self, record: GameRecord, state: AnyState) -> None:
        self.record = record
        self.state = state

    # construction

    @classmethod
    def new_table(
        cls,
        game: TableGame,
        players: Sequence[Mapping[str, object]],
        seed: int | str,
        stock: list[TileId] | None = None,
        **extra: Any,
    ) -> RecordedGame:
        """A new table game shuffled with `seed`, or whose first hand is dealt from a
        prepared `stock`."""
        record = GameRecord.new(Mode.TABLE, players, game.rules, seed=seed, **extra)
        state = game.new_state(seed, stock)
        recorded = cls(record, state)
        recorded._start_hand_entry()
        return recorded

    @classmethod
    def new_draw_solitaire(
        cls, player: Mapping[str, object], seed: int | str, **extra: Any
    ) -> RecordedGame:
        record = GameRecord.new(Mode.DRAW_SOLITAIRE, [player], seed=seed, **extra)
        recorded = cls(record, DrawSolitaireState(seed=seed))
        recorded._start_hand_entry()
        return recorded

    @classmethod
    def new_stacked_solitaire(
        cls, player: Mapping[str, object], seed: int | str, **extra: Any
    ) -> RecordedGame:
        record = GameRecord.new(Mode.STACKED_SOLITAIRE, [player], seed=seed, **extra)
        recorded = cls(record, StackedSolitaireState(seed=seed))
        recorded._start_hand_entry()
        return recorded

    @classmethod
    def new_solitaire(
        cls, mode: str, player: Mapping[str, object], seed: int | str, **extra: Any
    ) -> RecordedGame:
        """Deal `seed` of solitaire `mode` (`RulesError` for a mode that is not one)."""
        if mode == Mode.DRAW_SOLITAIRE:  # a mode's text: from the command line or a key
            return cls.new_draw_solitaire(player, seed, **extra)
        if mode == Mode.STACKED_SOLITAIRE:
            return cls.new_stacked_solitaire(player, seed, **extra)
        raise RulesError(f"not a solitaire mode: {mode!r}")

    @classmethod
    def from_record(cls, record: GameRecord) -> RecordedGame:
        """Replay every move of `record`, checking each; `RecordError` on the first bad one."""
        replay = Replay(record)
        for _position in replay:
            pass
        return cls(record, replay.state)

    # reading

    @property
    def mode(self) -> Mode:
        return self.record.mode

    def table_state(self) -> TableState:
        """The state of a table game (`RulesError` for a solitaire)."""
        state = self.state
        if state.mode is not Mode.TABLE:
            raise RulesError(f"not a table game: {state.mode}")
        return state

    def solitaire_state(self) -> SolitaireState:
        """The state of a solitaire (`RulesError` for a table game)."""
        state = self.state
        if state.mode is Mode.TABLE:
            raise RulesError("not a solitaire: a table game")
        return state

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def results(self) -> list[Any]:
        """Each ended hand's result as in the record."""
        return self.record.results()

    def totals(self) -> list[Any]:
        """Table: each seat's sum over ended hands; solitaire: tiles placed."""
        state = self.state
        if state.mode is Mode.TABLE:
            return list(state.tally().totals)
        return [len(state.figure)]

    def legal_entries(self) -> list[MoveEntry]:
        """Legal moves of whoever acts next in the last hand, as record entries."""
        state = self.state
        entries = []
        for move in state.legal_moves():
            score = None
            if move.action == PLACE:
                score = contact_score(state.figure.contacts(move.tile, move.cell, move.rot))
            entries.append(move_to_entry(self.mode, move, state.current_player, score))
        return entries

    # changing

    def play(self, move: Move) -> MoveResult:
        """Check and apply `move` (`IllegalMoveError` if it may not be played), write it
        into the record, and return what it did."""
        state = self.state
        clock = state.clock_s if _timed(state) else None
        result = state.apply(move)
        self.record.append_move(
            RecordMove(
                result.player,
                move,
                result.points if move.action == PLACE else None,
                result.drawn,
                None if clock is None else round(clock, 3),
            )
        )
        self._write_result()
        return result

    def undo(self) -> Move:
        """Take back the last move of the current hand from the state and the record
        (timed games: the clock goes back to where it stood before that move)."""
        move = self.state.undo()
        self.record.take_back_move()
        self._write_result()
        return move

    def next_hand(self) -> None:
        """Table games: deal the next hand (the current one must have ended)."""
        self.state.next_hand()  # a solitaire's says it has one hand
        self._start_hand_entry()

    def _start_hand_entry(self) -> None:
        state = self.state
        self.record.start_hand(
            state.stock, state.cut if isinstance(state, StackedSolitaireState) else None
        )
        self._write_result()

    def _write_result(self) -> None:
        state = self.state
        if state.mode is Mode.TABLE:
            result = state.sheet.results[-1] if state.hand_over else None
            self.record.write_hand(result, state.clock_s if state.game.rules.timed else None)
        else:
            self.record.write_hand(state.status if state.is_terminal() else None, None)


class Replay:
    """A record replayed move by move, each checked (`RecordError` on the first bad one):
    iterating gives (hand, index in the hand, move) before the move is applied to
    `state`, the one live position (read it before the next step); once done, `state`
    is where the record ends. One pass, whatever the record's length."""

    def __init__(self, record: GameRecord) -> None:
        record.validate_header()
        if not record.hand_entries():
            raise RecordError("record: there are no hands")
        self.record = record
        self._state: AnyState | None = None

    @property
    def state(self) -> AnyState:
        assert self._state is not None, "the replay has not begun"
        return self._state

    def __iter__(self) -> Iterator[tuple[int, int, Move]]:
        record, mode = self.record, self.record.mode
        for h, hand in enumerate(record.hand_entries()):
            state = self._state = _deal(record, self._state, hand, h)
            moves = hand.get("moves", [])
            if not isinstance(moves, list):
                raise fail(h, None, "moves must be a list")
            every_move_timed = True
            for m, entry in enumerate(moves):
                if _timed(state) and isinstance(entry, dict) and "clock_s" in entry:
                    state.restore_clock(_seconds(entry["clock_s"], h, m))
                else:
                    every_move_timed = False
                move = entry_to_move(mode, entry, h, m)
                yield h, m, move
                _replay_move(mode, state, entry, move, h, m)
            _check_result(state, hand, h)
            if state.mode is Mode.TABLE and "clock_s" in hand:
                clock = _seconds(hand["clock_s"], h, None)
                if every_move_timed:
                    state.restore_clock(clock)
                else:
                    state.set_clock(clock)


def _deal(record: GameRecord, before: AnyState | None, hand: Mapping[str, Any], h: int) -> AnyState:
    """The position hand `h` of `record` starts from (`before`: where the last one ended)."""
    stock = _read_stock(hand, h)
    if record.mode is Mode.DRAW_SOLITAIRE:
        return DrawSolitaireState(stock)
    if record.mode is Mode.STACKED_SOLITAIRE:
        cut = hand.get("cut")
        if type(cut) is not int or not 0 <= cut <= 5:
            raise fail(h, None, f"cut must be 0 to 5, not {cut!r}")
        return StackedSolitaireState(stock, cut)
    if before is None or before.mode is not Mode.TABLE:
        state = TableGame(len(record.players), record.rules).new_state(record.seed, stock)
    else:
        if not before.hand_over:
            raise fail(h, None, "the hand before it has not ended")
        if before.is_terminal():
            raise fail(h, None, "the game was already over")
        state = before
        state.next_hand(stock)
    # A live game shuffles once per deal: keep the deal rng in step with it,
    # so that a resumed game deals the hands the seed would have dealt.
    state.rng.shuffle(list(ALL_TILES))
    return state


def _seconds(value: Any, h: int, m: int | None) -> float:
    """A `clock_s` of the record: game time in seconds."""
    if type(value) not in (int, float) or not 0 <= value < math.inf:
        raise fail(h, m, "clock_s must be a number of seconds from 0 up")
    return float(value)


def _timed(state: AnyState) -> TypeGuard[TableState]:
    """Whether `state` is a timed table game's (the only games with a clock)."""
    return state.mode is Mode.TABLE and state.game.rules.timed


def _replay_move(mode: Mode, state: AnyState, entry: Any, move: Move, h: int, m: int) -> None:
    if state.hand_over:
        raise fail(h, m, "a move after the hand has ended")
    if state.mode is Mode.TABLE:
        player = entry.get("player")
        if player != state.current:
            raise fail(h, m, f"it is seat {state.current}'s turn, not {player!r}'s")
    else:
        reason = state.source_problem(move)
        if reason is not None:
            raise fail(h, m, reason)
    try:
        result = state.apply(move)
    except IllegalMoveError as error:
        raise fail(h, m, f"illegal move {error}") from None
    if move.action == DRAW and "tile" in entry and result.drawn is not None:
        drawn = tile_name(result.drawn)
        if entry["tile"] != drawn:
            raise fail(h, m, f"the stock gives {drawn}, not {entry['tile']!r}")
    if move.action == PLACE and "score" in entry and entry["score"] != result.points:
        raise fail(h, m, f"the move scores {result.points}, not {entry['score']!r}")


def _check_result(state: AnyState, hand: Mapping[str, Any], h: int) -> None:
    if "result" not in hand:
        if state.hand_over:
            raise fail(h, None, "the hand has ended but gives no result")
        return
    if state.mode is Mode.TABLE:
        if not state.hand_over:
            raise fail(h, None, "a result is given but the hand has not ended")
        if hand["result"] != state.sheet.results[-1]:
            raise fail(h, None, f"the result is {state.sheet.results[-1]}, not {hand['result']!r}")
    else:
        if not state.is_terminal():
            raise fail(h, None, "a result is given but the game has not ended")
        if hand["result"] != state.status:
            raise fail(h, None, f"the result is {state.status!r}, not {hand['result']!r}")
