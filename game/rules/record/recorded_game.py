"""Game records (`.contack.json`, docs/record.md): reading, checking, replaying and writing.

`GameRecord` (record/document.py) is the record, read once into frozen typed values
(record/values.py). `RecordedGame` keeps a
live state and its record in step: every move played through it is checked, applied and
written down (`play` returns the state's `MoveResult`), so the record can be saved after
any move and resumed exactly.
"""

from __future__ import annotations

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
from game.rules.record.entries import MoveEntry, fail, move_to_entry
from game.rules.record.values import RecordHand, RecordMove
from game.rules.results import MoveResult
from game.rules.solitaire import DrawSolitaireState, SolitaireState, StackedSolitaireState
from game.rules.table import TableGame, TableState
from game.rules.tiles import ALL_TILES, TileId, tile_name

AnyState = TableState | SolitaireState
"""A position of any mode, told apart by its `mode` (code that need not tell them apart
takes a `GameState`)."""


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
                result.drawn if move.action == DRAW else None,
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
        if not record.hand_count:
            raise RecordError("record: there are no hands")
        self.record = record
        self._state: AnyState | None = None

    @property
    def state(self) -> AnyState:
        assert self._state is not None, "the replay has not begun"
        return self._state

    def __iter__(self) -> Iterator[tuple[int, int, Move]]:
        record = self.record
        for h, hand in enumerate(record.hands):
            state = self._state = _deal(record, self._state, hand, h)
            every_move_timed = True
            for m, written in enumerate(hand.moves):
                if _timed(state) and written.clock_s is not None:
                    state.restore_clock(written.clock_s)
                else:
                    every_move_timed = False
                yield h, m, written.move
                _replay_move(state, written, h, m)
            _check_result(state, hand, h)
            if state.mode is Mode.TABLE and hand.clock_s is not None:
                if every_move_timed:
                    state.restore_clock(hand.clock_s)
                else:
                    state.set_clock(hand.clock_s)


def _deal(record: GameRecord, before: AnyState | None, hand: RecordHand, h: int) -> AnyState:
    """The position hand `h` of `record` starts from (`before`: where the last one ended)."""
    stock = hand.tiles(h)
    if record.mode is Mode.DRAW_SOLITAIRE:
        return DrawSolitaireState(stock)
    if record.mode is Mode.STACKED_SOLITAIRE:
        assert hand.cut is not None  # a stacked solitaire's hand is read with its cut
        return StackedSolitaireState(stock, hand.cut)
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


def _timed(state: AnyState) -> TypeGuard[TableState]:
    """Whether `state` is a timed table game's (the only games with a clock)."""
    return state.mode is Mode.TABLE and state.game.rules.timed


def _replay_move(state: AnyState, written: RecordMove, h: int, m: int) -> None:
    if state.hand_over:
        raise fail(h, m, "a move after the hand has ended")
    move = written.move
    if state.mode is Mode.TABLE:
        if written.player != state.current:
            raise fail(h, m, f"it is seat {state.current}'s turn, not {written.player!r}'s")
    else:
        reason = state.source_problem(move)
        if reason is not None:
            raise fail(h, m, reason)
    try:
        result = state.apply(move)
    except IllegalMoveError as error:
        raise fail(h, m, f"illegal move {error}") from None
    drawn = result.drawn
    if move.action == DRAW and written.drawn is not None and drawn not in (None, written.drawn):
        said = tile_name(written.drawn)
        raise fail(h, m, f"the stock gives {tile_name(drawn)}, not {said!r}")
    if move.action == PLACE and written.score is not None and written.score != result.points:
        raise fail(h, m, f"the move scores {result.points}, not {written.score!r}")


def _check_result(state: AnyState, hand: RecordHand, h: int) -> None:
    if hand.result is None:
        if state.hand_over:
            raise fail(h, None, "the hand has ended but gives no result")
        return
    said = hand.result if isinstance(hand.result, str) else list(hand.result)
    if state.mode is Mode.TABLE:
        if not state.hand_over:
            raise fail(h, None, "a result is given but the hand has not ended")
        if said != state.sheet.results[-1]:
            raise fail(h, None, f"the result is {state.sheet.results[-1]}, not {said!r}")
    else:
        if not state.is_terminal():
            raise fail(h, None, "a result is given but the game has not ended")
        if said != state.status:
            raise fail(h, None, f"the result is {state.status!r}, not {said!r}")
