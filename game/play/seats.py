"""Who plays each seat of a table game: a controller per seat, and what else may decide
a table's moves.

A `TableFlow` asks the controller of the seat to act for its move. A person at this
computer plays with the mouse (`Person`); a computer thinks through an adviser, its work
counted in steps by its level (`Computer`); a lesson's computer plays its script
(`Scripted`); a person elsewhere plays over a transport (`Person(here=False)`), and the
flow is told the move when it comes. A `Guide` holds the persons to a script (the lesson;
`NoGuide` lets them play what the rules allow); a `Referee` decides every move: the flow
itself when the game is kept here, the network layer when it is kept elsewhere (a table
server).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

from game.ai.players import LEVELS, Player, bot_rng, make_player
from game.ai.worker import Adviser, Job, choose_move
from game.play.events import Event, MovePlayed
from game.rules.moves import DRAW_MOVE, PLACE, Move
from game.rules.table import TableState

STAND_IN_LEVEL: Final = "expert"
"""Who plays a computer seat of a level this version does not know (a newer game's)."""
FALLBACK_LEVEL: Final = "greedy"
"""Who chooses in this process when a computer's thinking failed (its worker died)."""


ThinkMove = Callable[[Player, TableState], Job[tuple[Move, Player]]]
"""Starts a computer player choosing its move in a state (its own copy): the job
answers the move and the player as it is after choosing."""


def advised(adviser: Adviser) -> ThinkMove:
    """Computers thinking through `adviser` (a worker process in the window, at once in
    tests)."""

    def think(player: Player, state: TableState) -> Job[tuple[Move, Player]]:
        return adviser.submit(choose_move, player, state)

    return think


class Controller(Protocol):
    """Who chooses a seat's moves."""

    @property
    def here(self) -> bool:
        """Whether a player at this computer chooses them (with the mouse)."""

    @property
    def computer(self) -> bool:
        """Whether a computer chooses them (the table shows it thinking)."""

    @property
    def thinking(self) -> bool:
        """Whether a move is being chosen."""

    def start(self, state: TableState) -> None:
        """Start choosing the move of the seat to act in `state` (not kept: copied)."""

    def answer(self, state: TableState) -> Move | None:
        """The move chosen for `state`, once it is (None while choosing, or when nothing
        was started); it is handed out once."""

    def stop(self) -> None:
        """The move is no longer wanted."""


class Person:
    """A player: at this computer (`here`: the flow is handed the moves, `TableFlow.play`)
    or elsewhere (the move comes over the network and the flow is told it)."""

    computer = False
    thinking = False

    def __init__(self, here: bool = True) -> None:
        self.here = here

    def start(self, state: TableState) -> None:
        """Nothing to start: the player chooses."""

    def answer(self, state: TableState) -> Move | None:
        return None

    def stop(self) -> None:
        """Nothing under way."""


class Computer:
    """A computer player of one level: `think` starts its thinking (through the window's
    adviser, or the server's fair share of its workers)."""

    here = False
    computer = True

    def __init__(self, level: str, think: ThinkMove, seed: int | str, seat: int) -> None:
        self.level = level if level in LEVELS else STAND_IN_LEVEL
        self.player = make_player(self.level, bot_rng(seed, seat))
        self.think = think
        self._fallback = (seed, seat)
        self._job: Job[tuple[Move, Player]] | None = None

    @property
    def thinking(self) -> bool:
        return self._job is not None

    def start(self, state: TableState) -> None:
        self._job = self.think(self.player, state.clone())

    def answer(self, state: TableState) -> Move | None:
        """The move chosen (a failed worker's is chosen here, simply; one the rules would
        refuse becomes the first legal move)."""
        job = self._job
        if job is None or not job.done():
            return None
        self._job = None
        answer = job.result()
        if answer is None:
            move = make_player(FALLBACK_LEVEL, bot_rng(*self._fallback)).choose(state)
        else:
            move, self.player = answer
        return move if state.why_illegal(move) is None else state.legal_moves()[0]

    def stop(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self._job = None


class Scripted:
    """A computer that plays what `script` says (a lesson's: its next move, if due)."""

    here = False
    computer = True

    def __init__(self, script: Callable[[], Move | None]) -> None:
        self.script = script
        self.thinking = False

    def start(self, state: TableState) -> None:
        self.thinking = self.script() is not None

    def answer(self, state: TableState) -> Move | None:
        if not self.thinking:
            return None
        self.thinking = False
        return self.script()

    def stop(self) -> None:
        self.thinking = False


class Guide(Protocol):
    """What holds a table game's persons to a script, one move at a time (the lesson), or
    lets them play what the rules allow (`NoGuide`)."""

    @property
    def forces(self) -> bool:
        """Whether a person here who cannot place has their draw or pass played for them
        (a lesson's draw is pressed)."""

    def allowed(self, legal: Callable[[], list[Move]], here: bool) -> list[Move]:
        """The moves the seat to act may play: the rules' (`legal()`), or in a lesson the
        one it waits for from a person `here` (none while the player reads)."""

    def may_draw(self, allowed: list[Move]) -> bool:
        """Whether the seat to act, allowed `allowed`, may draw instead of placing."""

    def check(self, move: Move, allowed: list[Move]) -> None:
        """Refuse a person's `move` the script does not allow (`IllegalMoveError`); the
        rules refuse what they do not allow."""

    def played(self, event: MovePlayed) -> None:
        """`event`'s move was just played."""


class NoGuide:
    """No script: the persons play what the rules allow, and the free draw when it is on."""

    forces = True

    def allowed(self, legal: Callable[[], list[Move]], here: bool) -> list[Move]:
        return legal()

    def may_draw(self, allowed: list[Move]) -> bool:
        return DRAW_MOVE in allowed and any(move.action == PLACE for move in allowed)

    def check(self, move: Move, allowed: list[Move]) -> None:
        """The rules alone judge the move."""

    def played(self, event: MovePlayed) -> None:
        """Nothing follows a move."""


class News(Protocol):
    """What a table screen may ask beyond the rules."""

    @property
    def networked(self) -> bool:
        """Whether the table is played over the network (its server keeps the game)."""

    def seat_note(self, seat: int) -> str | None:
        """A word on the seat's panel in place of its kind or its "thinking…" (a network
        table's "away", the lesson's "to play" while the player reads)."""

    def reading(self) -> bool:
        """Whether the game waits for its player to read (the lesson's words on a
        computer's turn): the computer plays once they are read."""

    def take_notices(self) -> list[str]:
        """What the players should be told since the last call."""

    def final_words(self) -> list[str]:
        """What the final score says beyond the rules (a rated game's rating change)."""


class Referee(News, Protocol):
    """Where the moves are decided: at this computer (the flow's own `KeptHere`), or
    elsewhere when the game is kept there (a table server, over the network): then the
    flow sends it its persons' moves and shows the moves it tells."""

    def waits(self) -> bool:
        """Whether nothing may be played here now (a move on its way, seats not taken)."""

    def end_known(self) -> bool:
        """Whether what follows the hand's end has come: until then it is not shown."""

    def send(self, move: Move, forced: bool) -> list[Event]:
        """A person's move of the seat to act, played (or sent: shown once it is played)."""

    def take(self) -> list[Event]:
        """The next move decided (a computer's chosen here, or one told), played on the
        flow."""

    def deal(self) -> None:
        """The next hand dealt (here, or as dealt elsewhere, taken)."""

    def pass_time(self, dt: float) -> None:
        """`dt` seconds of game time pass (a timed game's clock runs where the game is
        kept); what has come from elsewhere is taken in."""

    def close(self) -> None:
        """Leave the game (it goes on elsewhere)."""


class Seats:
    """The controllers of a table's seats, and the position the seat to act is choosing
    its move for."""

    def __init__(self, controllers: Sequence[Controller]) -> None:
        self.controllers = list(controllers)
        self._choosing_for: tuple[int, int] | None = None

    def __getitem__(self, seat: int) -> Controller:
        return self.controllers[seat]

    @property
    def humans(self) -> int:
        """How many persons play here."""
        return sum(1 for seat in self.controllers if seat.here)

    @property
    def thinking(self) -> bool:
        return any(seat.thinking for seat in self.controllers)

    def think(self, state: TableState, position: tuple[int, int]) -> bool:
        """Start the seat to act in `state` choosing its move (the flow asks for its
        computer to act); False if it already is choosing (or nothing starts)."""
        seat = self.controllers[state.current]
        if seat.thinking and self._choosing_for == position:
            return False
        seat.start(state)
        self._choosing_for = position
        return seat.thinking

    def chosen(self, state: TableState, position: tuple[int, int]) -> Move | None:
        """The move the seat to act chose at `position`, once it has (handed out once)."""
        if state.hand_over or self._choosing_for != position:
            return None
        return self.controllers[state.current].answer(state)

    def stop(self) -> None:
        """No move is wanted any more (the position has changed)."""
        for seat in self.controllers:
            seat.stop()
        self._choosing_for = None

    def seat_to(self, seat: int, controller: Controller) -> None:
        """From now on `controller` plays `seat` (a computer stands in for an away player,
        or the player takes the seat back); what its last controller thought is dropped."""
        self.controllers[seat].stop()
        self.controllers[seat] = controller
