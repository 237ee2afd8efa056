"""The pace of the table: who gets the mouse (and whose tiles lie in the tray), how long a
computer visibly thinks, when a forced draw or pass is said and then played, the
penalties at a hand's end, and when the score screen comes. `TableTurns` asks the match
what the game waits for and paces it for people; each step returns what the match played
in it, for the screen to animate. The match decides."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.play.events import Event, GameEnded, MovePlayed
from game.play.table_flow import TableFlow, Turn
from game.rules.lattice import Cell
from game.rules.moves import PLACE
from game.scenes.table.moves import TableMoves
from game.scenes.table.panels import drew_words
from game.scenes.table.stage import TableStage

if TYPE_CHECKING:
    from game.scenes.session_screen import SessionContext

THINK_PAUSE_S: Final = {"random": 0.3, "easy": 0.35, "greedy": 0.35, "expert": 0.55, "master": 0.7}
"""Shortest visible pause of a computer seat before it plays, by level (normal speed):
the quick levels answer briskly, the deep ones take a breath."""
PAUSE_FACTOR_CAP: Final = 1.2
"""The most the animation speed stretches a pause: Slow slows what moves, and the
waiting only a little (a round of seven seats stays brisk)."""
FORCED_PAUSE_S: Final = 1.0
"""Pause before a forced draw or pass is played for a human (normal speed)."""
LANDED_PAUSE_S: Final = 1.1
"""How long a computer's move, or a forced one, stays in view once it has landed before
the game goes on (normal speed): time to see the tile, its contacts and its points."""


class MovesLog:
    """One person's hand-off log: every move since their last turn, in words, a seat's
    draws in a row told as one line with their count ("Bo drew 4 tiles")."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.drawer = -1
        """The seat whose draws the last line tells (-1: it tells no draw)."""
        self.drawn = 0

    def add(self, seat: int, name: str, words: str, drew: bool) -> None:
        """Seat `seat` (called `name`) moved, said in `words`; `drew`: a draw."""
        if drew and seat == self.drawer:
            self.drawn += 1
            self.lines[-1] = drew_words(name, self.drawn)
            return
        self.lines.append(words)
        self.drawer, self.drawn = (seat, 1) if drew else (-1, 0)


class TableTurns:
    """Waits, hand-offs and the end of a hand, step by fixed step."""

    def __init__(
        self,
        context: SessionContext[TableFlow],
        stage: TableStage,
        moves: TableMoves,
        *,
        show_score: Callable[[], None],
    ) -> None:
        """`show_score` opens the score screen at a hand's end."""
        self.context = context
        self.match = match = context.session
        self.settings = context.services.settings
        self.sound = context.services.sound
        self.stage = stage
        self.moves = moves
        self.show_score = show_score
        over = match.state.hand_over
        self.wait_s = 0.0
        """Time left of the current pause (thinking, a forced move, penalties)."""
        self.hold_s = 0.0
        """Time left that a landed move stays in view; it runs once nothing moves."""
        self.news: dict[int, MovesLog] = {}
        """Per human seat, every move since their last turn (the hand-off's log)."""
        self.placed_since: dict[int, list[Cell]] = {}
        """Per human seat, the cells of the tiles placed since their last turn (ringed)."""
        self.forced_shown = False
        """Whether the forced draw or pass of the human to act has been said."""
        self.banner_seat: int | None = None
        """The seat the hand-off banner asks the mouse to be passed to."""
        self.mouse_holder: int | None = None
        self.hand_end_played = over
        self.score_screen_due = over and match.state.is_terminal()
        """Whether the score screen has been asked for (a game resumed between hands
        opens it again, so that the next hand can be dealt)."""
        self.finished_reported = False

    @property
    def factor(self) -> float:
        return self.stage.tweens.factor

    @property
    def pause_factor(self) -> float:
        """How much the animation speed stretches a pause (see `PAUSE_FACTOR_CAP`)."""
        return min(self.factor, PAUSE_FACTOR_CAP)

    @property
    def showing_move(self) -> bool:
        """True while a computer's or a forced move is flying in or held in view."""
        return self.hold_s > 0

    def human_can_act(self) -> bool:
        """True when the seat to play is a human who may place now (their tiles in the
        tray, when it has moved to them, and the table not waiting on the network: every
        seat taken, no move of ours on its way)."""
        match = self.match
        seat = match.state.current_player
        return (
            not match.state.hand_over
            and match.is_human(seat)
            and self.banner_seat is None
            and not self.banner_due(seat)
            and not self.stage.tweens.busy
            and self.stage.hands.tray_seat == self.tray_seat()
            and match.turn() is not Turn.COMPUTER
        )

    def tray_seat(self) -> int | None:
        """The human whose tiles lie in the tray: the human to play once the mouse is
        theirs (or while their forced draw or pass is played for them, so that the tray
        shows whose tiles they are), else the last one who had it, else the first human
        seat."""
        match = self.match
        seat = match.state.current_player
        if (
            match.is_human(seat)
            and not match.state.hand_over
            and (
                self.mouse_holder == seat
                or not self.banner_due(seat)
                or match.turn() is Turn.FORCED
            )
        ):
            return seat
        if self.mouse_holder is not None:
            return self.mouse_holder
        return next((seat for seat in range(match.state.players) if match.is_human(seat)), None)

    def banner_due(self, seat: int) -> bool:
        """True when the mouse must be passed to human `seat` before they play."""
        return self.settings.handoff_banner and self.match.humans > 1 and self.mouse_holder != seat

    def still_for(self) -> float:
        """How long the table stays as it is by itself (`Scene.still_for`, but for its
        status bar's words): 0 while anything moves; else until a seat's panel stops
        saying what it did or the turns move on (see `_waits_for`)."""
        if self.stage.moving():
            return 0.0
        return min(self._waits_for(), self.moves.still_for())

    def _waits_for(self) -> float:
        """Seconds until the turns move on by themselves: the pause or the hold left;
        `math.inf` while the game waits for a person (the hand-off's Ready, the move of a
        human who has the mouse, a lesson's reader) or for a computer's answer (news); 0
        when the next step acts."""
        if self.banner_seat is not None:
            return math.inf
        if self.wait_s > 0 or self.hold_s > 0:
            return self.wait_s if self.wait_s > 0 else self.hold_s
        match = self.match
        turn = match.turn()
        if turn is Turn.HUMAN:
            has_mouse = self.mouse_holder == match.state.current_player
            return math.inf if has_mouse and self.human_can_act() else 0.0
        if turn is Turn.COMPUTER:  # a lesson's computer waits while its words are read
            return math.inf if match.thinking or match.news.reading() else 0.0
        if turn in (Turn.HAND_OVER, Turn.GAME_OVER) and self.score_screen_due:
            return math.inf
        return 0.0

    def step(self, dt: float) -> list[Event]:
        """One fixed step: count down a pause, or move the game on. Returns what the
        match played in it (a computer's move, a forced draw or pass), for the screen to
        animate."""
        if self.wait_s > 0:
            self.wait_s -= dt
        if self.stage.tweens.busy or self.wait_s > 0 or self.banner_seat is not None:
            return []
        if self.hold_s > 0:
            self.hold_s -= dt
            return []
        if self.stage.animator.busy:  # the last move's sums and points still showing
            return []
        turn = self.match.turn()
        if turn in (Turn.HAND_OVER, Turn.GAME_OVER):
            self._hand_over()
            return []
        if turn is Turn.COMPUTER:
            return self._computer()
        return self._human(turn)

    def _hand_over(self) -> None:
        if not self.hand_end_played:  # each leftover tile costs its -10, visibly
            self.hand_end_played = True
            self.wait_s = self.moves.penalties() * self.factor
            return
        if self.score_screen_due:
            return
        self.score_screen_due = True
        if self.match.state.is_terminal():
            self.report_finished()
            self.sound.play("win")
        self.show_score()

    def show(self, events: list[Event]) -> None:
        """The game ended: it goes to the history."""
        if any(isinstance(event, GameEnded) for event in events):
            self.report_finished()

    def report_finished(self) -> None:
        """Put the finished game in the history, once, by the autosave (before it clears
        the save, so that a game closed in its last seconds is never lost)."""
        match = self.match
        if self.finished_reported or not match.keeps_record:
            return
        self.finished_reported = True
        self.context.autosave.count_when_saved(match.report())

    def _computer(self) -> list[Event]:
        """A computer seat starts thinking, visibly for a moment; its move lands once the
        pause is over and the move is chosen."""
        match = self.match
        if match.think():
            level = match.kinds[match.state.current_player].removeprefix("ai:")
            self.wait_s = THINK_PAUSE_S.get(level, max(THINK_PAUSE_S.values())) * min(
                self.factor, 1.0
            )
            return []
        return self.match.poll()

    def _human(self, turn: Turn) -> list[Event]:
        """A human's turn: the mouse is passed to them if it must be; a seat that cannot
        place gets no hand-off: its draw or pass is said, with why, then played."""
        seat = self.match.state.current_player
        if turn is Turn.FORCED:
            if not self.forced_shown:  # the status bar says why; it is played after a pause
                self.forced_shown = True
                self.wait_s = FORCED_PAUSE_S * self.pause_factor
                return []
            return self.match.play_forced()
        if self.banner_due(seat):
            self.banner_seat = seat
        else:
            self._give_mouse(seat)
        return []

    def _give_mouse(self, seat: int) -> None:
        self.mouse_holder = seat
        self.news.pop(seat, None)

    def moved(self, played: MovePlayed, words: str) -> None:
        """A seat played a move, said in `words`. A move a human placed or drew
        themselves gives them the mouse; others stay in view for a moment after they
        land. Every other human hears of it at their next hand-off and sees its tile
        ringed until their own move; a draw or pass played for a human (no tile of theirs
        fitted) is in their own log too, as they were not at the mouse to see it."""
        seat, move = played.seat, played.result.move
        by_hand = not (played.by_computer or played.forced)
        cell = move.cell if move.action == PLACE else None
        self.forced_shown = False
        self.placed_since.pop(seat, None)
        if by_hand:
            self._give_mouse(seat)
        else:
            self.hold_s = LANDED_PAUSE_S * self.pause_factor
        name, drew = self.match.names[seat], played.result.drawn is not None
        if played.forced:
            self.news.setdefault(seat, MovesLog()).add(seat, name, words, drew)
        for other in range(self.match.state.players):
            if other != seat and self.match.is_human(other):
                self.news.setdefault(other, MovesLog()).add(seat, name, words, drew)
                if cell is not None:
                    self.placed_since.setdefault(other, []).append(cell)

    def news_for(self, seat: int) -> list[str]:
        """The lines of `seat`'s hand-off log."""
        return self.news.get(seat, MovesLog()).lines

    def took_back(self, seat: int) -> None:
        """An undo gave the turn back to `seat`."""
        self.banner_seat = None
        self._give_mouse(seat)
        self.forced_shown = False
        self.wait_s = self.hold_s = 0.0

    def new_hand(self) -> None:
        self.hand_end_played = False
        self.score_screen_due = False
        self.news.clear()
        self.placed_since.clear()
        if self.match.humans > 1:
            self.mouse_holder = None

    def hand_over_mouse(self) -> None:
        """The player the banner waits for is ready: the mouse is theirs."""
        if self.banner_seat is not None:
            self._give_mouse(self.banner_seat)
            self.banner_seat = None
