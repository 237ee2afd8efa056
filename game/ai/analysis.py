"""Learning from a finished (or running) game: where a solitaire slipped, a coach's table review.

Solitaire: along one game a position that can still be won has only winnable positions
before it, so a binary search over the number of moves played finds the last winnable
position in about log2(36) solves. Positions proven lost are shared between the solves
(a lost position is lost whichever root reached it). An undecided solve is never read as
a loss: the review then says it is undecided, and why.

Table: every human move is compared with the move the strongest computer level would
have played there (seeded, so a record gives one review), with the points of both and
the best opportunity play the player left.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from game.ai.autoplay import FairDrawPlayer
from game.ai.players import (
    MASTER_DEPTH,
    MASTER_SAMPLES,
    MASTER_STEPS,
    MasterPlayer,
    placement_points,
)
from game.ai.review_entries import (
    MissedEntry,
    MoveReviewEntry,
    SeatReviewEntry,
    SolitaireReviewEntry,
    TableReviewEntry,
)
from game.ai.solver import Solver
from game.rules.contacts import contact_score
from game.rules.modes import Mode
from game.rules.moves import PLACE, Move
from game.rules.record.document import GameRecord
from game.rules.record.entries import MoveEntry, move_to_entry
from game.rules.record.recorded_game import RecordedGame, Replay
from game.rules.solitaire import DrawSolitaireState, SolitaireState
from game.rules.table import TableState

COACH_POSITIONS: Final = 320_000
"""Work cap on the strongest level's thinking per reviewed move, in positions (about
5 s here); its effort is fixed well below this, so the cap seldom binds, and being work,
not time, it never makes one record's review differ from another run's."""
MIN_SHARE: Final = 1_000
"""The least work a budgeted review gives a move, in positions: a long game on a small
budget has its first moves reviewed and the rest left, not every move looked at for
longer than the budget (1,000 hands at 7 seats took 646 s with `--budget-s 1`)."""
COACH_STEPS: int = MASTER_STEPS
"""The strongest level's effort at three or more sides, in playout steps (the tests
lower it, to stay fast)."""
COACH_SAMPLES: int = MASTER_SAMPLES
"""Stock orders it guesses and searches at two sides (the tests lower it too)."""
COACH_DEPTH: int = MASTER_DEPTH
"""Placements it searches ahead on each guessed stock at two sides (the tests lower it
too)."""


def _never() -> bool:
    return False


# --- solitaire ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SolitaireReview:
    """Where a solitaire game stopped being winnable, and how it could have been won."""

    mode: Mode
    moves: tuple[Move, ...]
    """The moves of the game, in order."""
    last_winnable: int | None
    """The most moves after which the deal could still be won (None: never winnable)."""
    line: tuple[Move, ...]
    """A winning continuation from the position after `last_winnable` moves."""
    decided: bool = True
    reason: str = ""
    """Why the review is undecided (empty when decided)."""

    @property
    def slipped(self) -> bool:
        """True when a move of the game threw the win away."""
        return self.last_winnable is not None and self.last_winnable < len(self.moves)

    @property
    def slip_move(self) -> Move | None:
        """The move that lost the win (None when none did)."""
        return (
            self.moves[self.last_winnable]
            if self.slipped and self.last_winnable is not None
            else None
        )

    def to_json(self) -> SolitaireReviewEntry:
        """The `analyse` command's answer (docs/record.md "Headless commands")."""
        if not self.decided:
            return {
                "mode": self.mode,
                "moves": len(self.moves),
                "decided": False,
                "reason": self.reason,
            }
        return {
            "mode": self.mode,
            "moves": len(self.moves),
            "last_winnable": self.last_winnable,
            "line": [move_to_entry(self.mode, move, 0) for move in self.line],
            "decided": True,
        }


def position_after(final: SolitaireState, played: int) -> SolitaireState:
    """A copy of the game's position after its first `played` moves."""
    state = final.clone()
    for _ in range(len(state.moves) - played):
        state.undo()
    return state


def review_solitaire(
    record: GameRecord, positions: int, stop: Callable[[], bool] = _never
) -> SolitaireReview:
    """Find the last winnable position of a solitaire record, searching at most
    `positions` positions over all the solves (or until `stop()` says so)."""
    final = RecordedGame.from_record(record).solitaire_state()
    moves = tuple(final.moves)
    left = positions
    lost: set[int] = set()

    def winning_line(played: int) -> list[Move] | None:
        """A winning line after `played` moves, None when lost; TimeoutError when undecided."""
        nonlocal left
        solver = Solver(position_after(final, played), lost)
        result = solver.run(max(0, left), stop)
        left -= solver.nodes
        if result.winnable is None:
            raise TimeoutError
        return result.moves if result.winnable else None

    def undecided(solves: int) -> SolitaireReview:
        reason = (
            "stopped"
            if stop()
            else f"the budget of {positions} positions ran out after {solves} solves"
        )
        return SolitaireReview(record.mode, moves, None, (), decided=False, reason=reason)

    if final.won:
        return SolitaireReview(record.mode, moves, len(moves), ())
    solves = 0
    try:
        line = winning_line(len(moves)) if not final.is_terminal() else None
        solves += 1
        if line is not None:
            return SolitaireReview(record.mode, moves, len(moves), tuple(line))
        line = winning_line(0)
        solves += 1
        if line is None:
            return SolitaireReview(record.mode, moves, None, ())
        low, high = 0, len(moves)
        while True:
            # The positions along a winning line are winnable: follow the game along it.
            while line and low < high - 1 and line[0] == moves[low]:
                line.pop(0)
                low += 1
            if high - low <= 1:
                return SolitaireReview(record.mode, moves, low, tuple(line))
            middle = (low + high) // 2
            found = winning_line(middle)
            solves += 1
            if found is None:
                high = middle
            else:
                low, line = middle, found
    except TimeoutError:
        return undecided(solves)


def fair_odds(
    state: DrawSolitaireState, games: int, seed: int, as_dealt: bool = False
) -> tuple[int, int]:
    """(wins, games): how often the fair auto-player wins `games` games of draw solitaire
    from `state`. The tiles it has not seen come in fresh random orders (the odds of any
    deal like it, from the player's side of the table, where every order is as likely),
    or, `as_dealt`, in the stock's true order (the odds of this very deal: the player
    still never reads the order when choosing, and each game has its own seed of the
    player's randomness)."""
    rng = random.Random(seed)
    unseen = sorted(state.stock[state.stock_pos :])  # which tiles: their order is hidden
    wins = 0
    for _ in range(games):
        play = state.clone()
        if not as_dealt:
            order = unseen.copy()
            rng.shuffle(order)
            play.stock = [*state.stock[: state.stock_pos], *order]
        player = FairDrawPlayer(random.Random(rng.random()))
        while not play.is_terminal():
            play.apply_unchecked(player.choose(play))
        wins += play.won
    return wins, games


# --- the table -----------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveReview:
    """One human move at the table beside the strongest level's choice."""

    hand: int
    index: int
    player: int
    played: Move
    best: Move
    played_points: int
    best_points: int
    opportunity: Move | None
    """The best-scoring opportunity play the player left (None when they left none)."""
    opportunity_points: int
    opportunity_sides: int
    choices: int
    """How many legal moves there were (1: the move was forced)."""

    @property
    def matched_best(self) -> bool:
        """The move was as good as the master's: the same move, or one scoring as much
        (the coach's share and its "as good as the master's" speak of the same thing)."""
        return self.played == self.best or self.played_points >= self.best_points

    @property
    def points_missed(self) -> int:
        return max(0, self.best_points - self.played_points)

    def to_json(self) -> MoveReviewEntry:
        def entry(move: Move, points: int) -> MoveEntry:
            data = move_to_entry(Mode.TABLE, move, self.player)
            if move.action == PLACE:
                data["score"] = points
            return data

        missed: MissedEntry | None = None
        if self.opportunity is not None:
            missed = {
                "move": entry(self.opportunity, self.opportunity_points),
                "points": self.opportunity_points,
                "sides": self.opportunity_sides,
            }
        return {
            "hand": self.hand,
            "index": self.index,
            "player": self.player,
            "played": entry(self.played, self.played_points),
            "best": entry(self.best, self.best_points),
            "played_points": self.played_points,
            "best_points": self.best_points,
            "opportunity_missed": missed,
        }


@dataclass(frozen=True)
class SeatReview:
    """One human seat's moves summed up; the best-move share (moves as good as the
    master's) counts only the moves that were a choice (a forced draw or pass says
    nothing of the player)."""

    seat: int
    moves: int
    choices: int
    best_moves: int
    points_missed: int

    @property
    def best_share(self) -> float:
        return self.best_moves / self.choices if self.choices else 1.0

    def to_json(self) -> SeatReviewEntry:
        return {
            "seat": self.seat,
            "moves": self.moves,
            "best_share": round(self.best_share, 3),
            "points_missed": self.points_missed,
        }


@dataclass(frozen=True)
class GameHighlight:
    """The game's best move: the highest-scoring placement anyone made."""

    hand: int
    index: int
    player: int
    move: Move
    points: int


@dataclass(frozen=True)
class TableReview:
    reviews: tuple[MoveReview, ...]
    seats: tuple[SeatReview, ...]
    highlight: GameHighlight | None
    unreviewed_hands: int = 0
    """Hands with human moves its budget left unreviewed (the last ones)."""

    def to_json(self) -> TableReviewEntry:
        data: TableReviewEntry = {
            "mode": Mode.TABLE,
            "reviews": [review.to_json() for review in self.reviews],
            "seats": [seat.to_json() for seat in self.seats],
            "unreviewed_hands": self.unreviewed_hands,
        }
        if self.highlight is not None:
            best = self.highlight
            data["best_move"] = {
                "hand": best.hand,
                "index": best.index,
                "player": best.player,
                "move": move_to_entry(Mode.TABLE, best.move, best.player),
                "points": best.points,
            }
        return data


def best_opportunity(state: TableState, moves: list[Move]) -> tuple[Move, int, int] | None:
    """The highest-scoring opportunity play (a placement touching two or three tiles)
    among `moves`: (move, points, sides)."""
    best: tuple[Move, int, int] | None = None
    for move in moves:
        if move.action != PLACE:
            continue
        contacts = state.figure.contacts(move.tile, move.cell, move.rot)
        sides, points = len(contacts), contact_score(contacts)
        if sides >= 2 and (best is None or (points, sides) > (best[1], best[2])):
            best = (move, points, sides)
    return best


def coach_rng(seed: int | str | None, hand: int, index: int) -> random.Random:
    """The rng of the coach's master at move `index` of `hand` of the game dealt from
    `seed`: one record gives one review, and a hint asked there the same move."""
    return random.Random(f"contack-coach:{seed}:{hand}:{index}")


def coach_choice(
    state: TableState,
    hand: int,
    index: int,
    seed: int | str | None,
    positions: int = COACH_POSITIONS,
) -> Move:
    """The move the coach calls best in `state`, move `index` of `hand`, found with at
    most `positions` of work (a hint: the coach's review of the move then agrees with
    it; picklable work)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return MasterPlayer(
        coach_rng(seed, hand, index), positions, COACH_SAMPLES, COACH_DEPTH, COACH_STEPS
    ).choose(state)


def review_move(
    state: TableState,
    played: Move,
    hand: int,
    index: int,
    seed: int | str | None,
    positions: int = COACH_POSITIONS,
) -> MoveReview:
    """Compare `played` (about to be played in `state`, move `index` of `hand`) with the
    move the coach calls best there, found with at most `positions` of work."""
    moves = state.legal_moves()
    best = coach_choice(state, hand, index, seed, positions)
    played_points = placement_points(state, played)
    opportunity = best_opportunity(state, moves)
    if opportunity is not None and (opportunity[0] == played or opportunity[1] <= played_points):
        opportunity = None
    return MoveReview(
        hand,
        index,
        state.current_player,
        played,
        best,
        played_points,
        placement_points(state, best),
        opportunity[0] if opportunity else None,
        opportunity[1] if opportunity else 0,
        opportunity[2] if opportunity else 0,
        len(moves),
    )


def table_positions(record: GameRecord) -> Iterator[tuple[int, int, TableState, Move]]:
    """Every move of a table record with the position it was played in: (hand, index,
    state before the move, move), replayed once and checked as it goes (`RecordError`
    at the first bad move). The state is live: read it before the next step."""
    if record.mode.is_solitaire:
        raise ValueError("a table review takes a table record")
    replay = Replay(record)
    for h, index, move in replay:
        state = replay.state
        assert isinstance(state, TableState)
        yield h, index, state, move


@dataclass(frozen=True)
class ReviewPlan:
    """What a table review looks at: every human move with the position it was played
    in (each move a piece of work of its own), and the game's best move."""

    positions: tuple[tuple[TableState, Move, int, int], ...]
    """(the state before the move, the move, its hand, its index in the hand)."""
    humans: tuple[int, ...]
    highlight: GameHighlight | None
    seed: int | str | None


def plan_review(record: GameRecord, hands: set[int] | None = None) -> ReviewPlan:
    """The review of a table record's human moves (of `hands` only, when given);
    `RecordError` for a record that does not replay."""
    humans = record.human_seats
    positions: list[tuple[TableState, Move, int, int]] = []
    highlight: GameHighlight | None = None
    for h, index, state, move in table_positions(record):
        if hands is not None and h not in hands:
            continue
        highlight = higher_highlight(highlight, state, move, h, index)
        if state.current_player in humans:
            positions.append((state.clone(), move, h, index))
    return ReviewPlan(tuple(positions), humans, highlight, record.seed)


def higher_highlight(
    best: GameHighlight | None, state: TableState, move: Move, hand: int, index: int
) -> GameHighlight | None:
    """The game's best move so far, with `move` (about to be played in `state`) seen."""
    points = placement_points(state, move)
    if move.action == PLACE and (best is None or points > best.points):
        return GameHighlight(hand, index, state.current_player, move, points)
    return best


def summed_up(
    humans: tuple[int, ...],
    highlight: GameHighlight | None,
    reviews: list[MoveReview],
    unreviewed_hands: int = 0,
) -> TableReview:
    """The review from the coach's look at each of its moves, per seat of `humans`."""
    seats = tuple(
        SeatReview(
            seat,
            len(mine),
            sum(review.choices > 1 for review in mine),
            sum(review.matched_best for review in mine if review.choices > 1),
            sum(review.points_missed for review in mine),
        )
        for seat in humans
        for mine in [[review for review in reviews if review.player == seat]]
    )
    return TableReview(tuple(reviews), seats, highlight, unreviewed_hands)


def review_table(
    record: GameRecord, hands: set[int] | None = None, positions: int | None = None
) -> TableReview:
    """Review every human move of a table record (of `hands` only, when given), in one
    pass, keeping no position but the one under review. With `positions`, the whole
    review's work is at most that: each move reviewed gets an equal share, never less
    than `MIN_SHARE`, and the moves past it are left (`unreviewed_hands` counts their
    hands); without, each move gets the coach's full effort."""
    humans = record.human_seats
    share, affordable = COACH_POSITIONS, math.inf
    if positions is not None:
        moves = human_move_count(record, humans, hands)
        share = min(COACH_POSITIONS, max(MIN_SHARE, positions // max(1, moves)))
        affordable = positions // share
    reviews: list[MoveReview] = []
    highlight: GameHighlight | None = None
    unreviewed: set[int] = set()
    for h, index, state, move in table_positions(record):
        if hands is not None and h not in hands:
            continue
        highlight = higher_highlight(highlight, state, move, h, index)
        if state.current_player not in humans:
            continue
        if len(reviews) < affordable:
            reviews.append(review_move(state, move, h, index, record.seed, share))
        else:
            unreviewed.add(h)
    return summed_up(humans, highlight, reviews, len(unreviewed))


def human_move_count(record: GameRecord, humans: tuple[int, ...], hands: set[int] | None) -> int:
    """How many moves of `humans` the record holds (in `hands`, when given), as written
    (the replay checks them)."""
    return sum(
        record.moves_by(humans, h) for h in range(record.hand_count) if hands is None or h in hands
    )
