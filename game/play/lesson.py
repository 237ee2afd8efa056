"""The guided first game: one scripted table hand against a computer, on a prepared deal.

The deal and every move are fixed (`LESSON_DEAL`, `LESSON_MOVES`; tests/test_lesson.py
checks that they teach what the steps say), so that the hand shows, in order, a matching and a
counting contact, the last-tile rule, forced draws, a two-sided opportunity play away
from the last tile, a pass and the three-sided opportunity play with which the player
goes out, leaving the computer five tiles to pay for. `LESSON_STEPS` cuts the hand into
steps, each a text for the coach panel and the moves it waits for.

A `Lesson` is the `Guide` of a `TableFlow` (its `flow`) whose person may play only the
move the step shows (its legal moves are that one move), whose computer plays the
script (`Scripted`), and which waits for the player to go on after each explanation. It
is neither saved nor counted, and offers no hints, undo or redo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from game.ai.worker import Adviser
from game.i18n import N_, _
from game.play.events import MovePlayed
from game.play.seats import Person, Scripted
from game.play.table_flow import KeptHere, TableFlow
from game.rules.errors import IllegalMoveError
from game.rules.moves import PLACE, Move, parse_move
from game.rules.record.entries import PlayerEntry
from game.rules.record.recorded_game import RecordedGame
from game.rules.results import MoveResult
from game.rules.table import TableGame
from game.rules.table_rules import TableRules
from game.rules.tiles import parse_tile

LESSON_NAMES: Final = (N_("You"), N_("Computer"))
"""The two seats' names, put in the player's language when the lesson starts."""
LESSON_PLAYERS: Final[tuple[PlayerEntry, ...]] = (
    {"name": LESSON_NAMES[0], "kind": "human"},
    {"name": LESSON_NAMES[1], "kind": "ai:greedy"},
)
YOU: Final = 0
COMPUTER: Final = 1
LESSON_DEAL: Final = (
    "09-02-08",
    "04-05-06",
    "04-08-09",
    "09-05-08",
    "09-10-04",  # your five tiles
    "01-02-03",
    "06-07-08",
    "03-04-01",
    "07-08-02",
    "08-01-07",  # the computer's
    "02-03-04",
    "01-05-06",
    "03-04-05",
    "09-10-07",
    "02-06-07",
    "02-09-10",
    "05-06-03",
    "03-07-08",
    "05-01-04",
    "06-07-01",
    "01-08-09",
    "09-10-01",
    "04-05-02",
    "06-02-05",
    "07-03-06",
    "08-09-03",
    "10-03-09",
    "06-07-04",
    "08-04-07",
    "05-06-07",
    "07-08-05",
    "05-09-10",
    "08-09-06",
    "10-06-09",
    "07-08-09",
    "08-09-10",
)
"""The lesson's stock: seat 0 (you) takes the first five, the computer the next five."""
LESSON_MOVES: Final = (
    "01-02-03@0,0r0",
    "09-02-08@1,0r0",
    "06-07-08@2,0r0",
    "04-05-06@2,1r0",
    "draw",
    "02-03-04@3,1r0",
    "draw",
    "draw",
    "03-04-05@3,2r0",
    "03-04-01@2,2r0",
    "04-08-09@1,2r0",
    "07-08-02@0,2r0",
    "09-05-08@-1,2r0",
    "draw",
    "09-10-07@-1,1r0",
    "01-05-06@1,1r0",
    "draw",
    "draw",
    "draw",
    "draw",
    "pass",
    "09-10-04@0,1r0",
)
"""Every move of the hand, in order, both seats."""


class LessonStep(NamedTuple):
    """One step of the lesson: `text` while it waits (what to do, or what comes), then
    `moves` moves of the script, then `then` (what happened; "" goes straight on).

    The words are English messages for the catalogue; the screen translates them.
    Texts name colours as {blue}, {red} and {gold} (the theme's words fill them in) and
    may say {contacts} (the contacts of the step's last placement), {you} and
    {computer} (the seats' hand scores)."""

    title: str
    text: str
    moves: int = 0
    then: str = ""


LESSON_STEPS: Final = (
    LessonStep(
        N_("Welcome"),
        N_(
            "Learn Contack by playing one short hand against the computer. Tiles are laid "
            "edge to edge: touching edges must be the same colour, and their numbers must "
            "be equal or add up to 5, 10, 15 or 20. Hands lie face up, so you see the "
            "computer's tiles. The smallest tile starts, and the computer holds it: 1-2-3."
        ),
    ),
    LessonStep(
        N_("The first tile"),
        N_("The computer starts: the first tile goes in the middle of the table."),
        1,
        N_(
            "The ring marks the last tile placed. Every new tile must touch it, unless it "
            "touches two tiles at once (you will see that later)."
        ),
    ),
    LessonStep(
        N_("A matching contact"),
        N_(
            "Your turn. Put your 2-8-9 on the glowing spot beside the 1-2-3: drag it there, "
            "or click it and then the spot. Its {red} 2 will meet the {red} 2."
        ),
        1,
        N_("{contacts} Equal numbers make a matching contact: allowed, but worth nothing."),
    ),
    LessonStep(
        N_("The computer plays"),
        N_("The computer's turn: its tile must touch yours, the last one placed."),
        1,
        N_("{contacts}"),
    ),
    LessonStep(
        N_("A counting contact"),
        N_("Now your 4-5-6 goes beside the computer's tile: its {blue} 4 will meet a {blue} 6."),
        1,
        N_(
            "{contacts} Numbers that add up to 5, 10, 15 or 20 make a counting contact, which "
            "scores the sum. Numbers that neither match nor count may not touch."
        ),
    ),
    LessonStep(
        N_("The computer draws"),
        N_("The computer's turn."),
        2,
        N_(
            "None of the computer's tiles could touch the last tile, so it had to draw a "
            "tile. The tile fitted, so it had to place it at once. {contacts}"
        ),
    ),
    LessonStep(
        N_("You must draw"),
        N_(
            "None of your three tiles fits where a tile may go now. A player who cannot "
            "place must draw: press Draw (D)."
        ),
        1,
    ),
    LessonStep(
        N_("Keep drawing"),
        N_(
            "The 1-5-6 you drew does not fit either. You hold four tiles, fewer than five, "
            "so you draw again: press Draw."
        ),
        1,
    ),
    LessonStep(
        N_("Place the drawn tile"),
        N_(
            "The 3-4-5 fits, and a drawn tile that fits must be placed at once. Put it on "
            "the glowing spot."
        ),
        1,
        N_("{contacts}"),
    ),
    LessonStep(N_("The computer plays"), N_("The computer's turn."), 1, N_("{contacts}")),
    LessonStep(
        N_("Your turn"),
        N_("Your 4-8-9 goes beside the computer's tile: {gold} 9 against {gold} 1."),
        1,
        N_("{contacts}"),
    ),
    LessonStep(N_("The computer plays"), N_("The computer's turn."), 1, N_("{contacts}")),
    LessonStep(N_("Your turn"), N_("Put your 5-8-9 on the glowing spot."), 1, N_("{contacts}")),
    LessonStep(
        N_("The computer draws again"),
        N_("The computer's turn."),
        2,
        N_("The computer could not place, drew a tile that fitted and placed it. {contacts}"),
    ),
    LessonStep(
        N_("A two-sided opportunity play"),
        N_(
            "See the glowing spot: it touches two tiles, and not the last one. A tile that "
            "touches two or more tiles at once is an opportunity play, and may go anywhere "
            "on the figure. The 1-5-6 that fitted nowhere before fits there."
        ),
        1,
        N_("{contacts} An opportunity play scores every one of its counting contacts."),
    ),
    LessonStep(
        N_("A pass"),
        N_("The computer's turn."),
        5,
        N_(
            "Nothing of the computer's fitted. It drew until it held five tiles, still "
            "nothing fitted, so it passed. A player who passed plays again once the figure "
            "has changed; when every player passes in a row, the hand ends."
        ),
    ),
    LessonStep(
        N_("The three-sided opportunity play"),
        N_(
            "Your last tile, the 4-9-10, fits the hole with three sides: the best play in "
            "the game. Fill it."
        ),
        1,
        N_("{contacts} And it was your last tile: placing it ends the hand."),
    ),
    LessonStep(
        N_("The end of the hand"),
        N_(
            "When a hand ends, every tile left in a hand costs 10 points. The computer holds "
            "five: minus 50. This hand: you {you}, the computer {computer}. A game is three "
            "hands and the highest total wins. You know Contack now; the Rules screen has the "
            "rest: the options, Club Contack and the two solitaires."
        ),
    ),
)
"""The lesson, step by step; the steps' moves add up to `LESSON_MOVES`."""


def lesson_game() -> RecordedGame:
    """The lesson's hand, dealt and not yet begun."""
    return RecordedGame.new_table(
        TableGame(2, TableRules(hands=1)),
        [
            {**player, "name": _(name)}
            for player, name in zip(LESSON_PLAYERS, LESSON_NAMES, strict=True)
        ],
        "lesson",
        [parse_tile(name) for name in LESSON_DEAL],
    )


class Lesson:
    """The guided hand: the script's moves only, one step at a time."""

    forces = False
    """The person's draws are pressed (a guide's `forces`), never played for them."""

    def __init__(self, adviser: Adviser) -> None:
        self.script = [parse_move(text) for text in LESSON_MOVES]
        self.step_index = 0
        self.played_in_step = 0
        self.explaining = False
        """True once the step's moves are played and its `then` text waits."""
        self.last_placement: MoveResult | None = None
        self._opportunity_news = False
        """The player has just made an opportunity play (for the achievements)."""
        self.flow = TableFlow(
            lesson_game(),
            [Person(), Scripted(self.expected)],
            adviser,
            keeps_record=False,
            assists=False,
            guide=self,
            referee=lambda flow: ReadingPauses(flow, self),
        )

    # --- the steps -----------------------------------------------------------------------

    @property
    def step(self) -> LessonStep:
        return LESSON_STEPS[self.step_index]

    @property
    def finished(self) -> bool:
        """True on the last step (the hand is over)."""
        return self.step_index == len(LESSON_STEPS) - 1

    @property
    def waiting(self) -> bool:
        """True when the lesson waits for the player to go on (a text to read)."""
        return self.step.moves == 0 or self.explaining

    def can_go_on(self) -> bool:
        return self.waiting and not self.finished

    def go_on(self) -> None:
        """The player has read the step's text: the next step."""
        if self.can_go_on():
            self._next_step()

    def _next_step(self) -> None:
        self.step_index += 1
        self.played_in_step = 0
        self.explaining = False

    def expected(self) -> Move | None:
        """The move the lesson waits for now, if it waits for one."""
        if self.waiting:
            return None
        return self.script[len(self.flow.state.moves)]

    def shown_move(self) -> Move | None:
        """The person's placement the lesson points at (its tile and its spot)."""
        move = self.expected()
        flow = self.flow
        if move is None or move.action != PLACE or not flow.is_human(flow.state.current):
            return None
        return move

    def take_opportunity_news(self) -> bool:
        """Whether the player made an opportunity play since this was last asked."""
        news, self._opportunity_news = self._opportunity_news, False
        return news

    # --- the flow's guide ------------------------------------------------------------------

    def allowed(self, legal: Callable[[], list[Move]], here: bool) -> list[Move]:
        """The one move the lesson waits for from the person here."""
        move = self.expected()
        return [move] if move is not None and here else []

    def may_draw(self, allowed: list[Move]) -> bool:
        """When the lesson waits for the person's draw."""
        return any(move.action != PLACE for move in allowed)

    def check(self, move: Move, allowed: list[Move]) -> None:
        if move not in allowed:
            raise IllegalMoveError(f"{move}: the lesson waits for another move")

    def played(self, event: MovePlayed) -> None:
        """A move of the script was played: the step goes on, or explains."""
        if event.result.move.action == PLACE:
            self.last_placement = event.result
            self._opportunity_news |= not event.by_computer and len(event.result.contacts) >= 2
        self.played_in_step += 1
        if self.played_in_step == self.step.moves:
            if self.step.then:
                self.explaining = True
            else:
                self._next_step()


class ReadingPauses(KeptHere):
    """The lesson's referee: its game is kept here, and while the lesson waits for the
    player to read, its seat to act shows as to play: nobody thinks meanwhile."""

    def __init__(self, flow: TableFlow, lesson: Lesson) -> None:
        super().__init__(flow)
        self.lesson = lesson

    def seat_note(self, seat: int) -> str | None:
        state = self.flow.state
        to_act = not state.hand_over and seat == state.current_player
        return _("to play") if to_act and self.lesson.can_go_on() else None

    def reading(self) -> bool:
        return self.lesson.can_go_on()
