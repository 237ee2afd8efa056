"""The score side of a table game: points and chips as moves score them, each hand's
result and penalties when it ends, and the tally over the hands (RULES.md section 5).

`TableScoring` is the base of `TableState` (game/rules/table.py), which deals, plays
and takes moves back; this part keeps the score sheet and reads it.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from game.rules.results import Outcome
from game.rules.state import PLAYING
from game.rules.table_rules import PENALTY_PER_TILE, TableRules


class _Game(Protocol):
    @property
    def players(self) -> int: ...

    @property
    def rules(self) -> TableRules: ...


class Tally(NamedTuple):
    """The game's figures over the hands ended so far (the score sheet between hands)."""

    totals: tuple[int, ...]
    """Per seat: points (standard) or chips won minus lost (club)."""
    standings: tuple[int, ...]
    """Per seat: what decides the winner (points; club: `chips_worth`)."""
    team_totals: tuple[int, ...] | None
    """With partners: team 0 (seats 0, 2) and team 1 (seats 1, 3)."""
    leaders: tuple[int, ...]
    """Leading seats (with partners, both seats of the leading team); ties share."""


class TableScoring:
    """The score sheet of a table game: this hand's points, the chips, and the ended
    hands' results."""

    game: _Game
    hands: list[int]
    end_reason: str | None
    results: list[list[int]]
    """Per ended hand, per seat: hand score (club: chips won or lost)."""
    points_history: list[list[int]]
    """Per ended hand, per seat: the counting points scored (before any penalty)."""
    hand_points: list[int]
    """Counting points each seat scored in this hand."""
    chips_held: list[int]
    chips_owed: list[int]
    """Club: per seat, the chips it borrowed and owes (to the bank or to players)."""
    chips_lent: list[int]
    """Spanish club rules: per seat, the chips other players borrowed from it."""
    _hand_chips_start: list[int]

    def is_terminal(self) -> bool:
        raise NotImplementedError

    @property
    def hand_over(self) -> bool:
        return self.end_reason is not None

    @property
    def status(self) -> str:
        """PLAYING while the hand goes on, else why it ended."""
        return PLAYING if self.end_reason is None else self.end_reason

    def standings(self) -> list[int]:
        """Each seat's score as the table shows it now: in club games `chips_worth`;
        otherwise the ended hands' results plus, while a hand is on, the
        points scored in it (its penalties come when it ends)."""
        n = self.game.players
        if self.game.rules.club:
            return self.chips_worth()
        running = self.hand_points if self.end_reason is None else [0] * n
        return [sum(hand[s] for hand in self.results) + running[s] for s in range(n)]

    def outcome(self) -> Outcome | None:
        """How the game came out, once it is over (`is_terminal`); None while it goes on."""
        if not self.is_terminal():
            return None
        tally = self.tally()
        assert self.end_reason is not None
        return Outcome(
            self.end_reason, tally.leaders, tally.totals, tally.standings, tally.team_totals
        )

    def tally(self) -> Tally:
        """Totals, standings and leaders over the ended hands (at any point of the game)."""
        n = self.game.players
        totals = tuple(sum(hand[seat] for hand in self.results) for seat in range(n))
        standings = tuple(self.chips_worth()) if self.game.rules.club else totals
        team_totals = None
        if self.game.rules.partners:
            team_totals = (standings[0] + standings[2], standings[1] + standings[3])
            best = max(team_totals)
            winners = tuple(s for s in range(n) if team_totals[s % 2] == best)
        else:
            best = max(standings)
            winners = tuple(s for s in range(n) if standings[s] == best)
        return Tally(totals, standings, team_totals, winners)

    def target_reached(self) -> bool:
        """Whether a seat's total over the ended hands (a team's with partners) has
        reached the game's target score (False when it plays to no target)."""
        target = self.game.rules.target
        if target is None:
            return False
        tally = self.tally()
        return max(tally.team_totals or tally.standings) >= target

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: each seat's standing over the ended hands."""
        return [float(x) for x in self.tally().standings]

    def _score(self, seat: int, points: int) -> None:
        self.hand_points[seat] += points
        if not self.game.rules.club:
            return
        chips = points // 5
        players_lend = self.game.rules.spanish_club
        for other in range(self.game.players):
            if other == seat:
                continue
            paid = min(chips, self.chips_held[other])
            self.chips_held[other] -= paid
            self.chips_owed[other] += chips - paid
            if players_lend:  # the rest is a loan from the player paid
                self.chips_held[seat] += paid
                self.chips_lent[seat] += chips - paid
            else:  # the bank lends the rest
                self.chips_held[seat] += chips

    def chips_worth(self) -> list[int]:
        """Club: per seat, the chips held minus the chips it owes plus the chips owed to
        it (what decides a club game); who lent never changes it."""
        return [
            held - owed + lent
            for held, owed, lent in zip(
                self.chips_held, self.chips_owed, self.chips_lent, strict=True
            )
        ]

    def hand_result(self) -> list[int]:
        """Per seat, the score of the hand so far (club: chips won minus chips lost)."""
        if self.game.rules.club:
            start = self._hand_chips_start
            return [now - before for now, before in zip(self.chips_worth(), start, strict=True)]
        return [
            self.hand_points[s]
            - (PENALTY_PER_TILE * self.hands[s].bit_count() if self.hand_over else 0)
            for s in range(self.game.players)
        ]

    def penalties(self) -> list[int]:
        """The end-of-hand penalty of each seat (0 in club games, where there is none)."""
        if self.game.rules.club:
            return [0] * self.game.players
        return [PENALTY_PER_TILE * hand.bit_count() for hand in self.hands]

    def _end_hand(self, reason: str) -> None:
        self.end_reason = reason
        self.results.append(self.hand_result())
        self.points_history.append(self.hand_points.copy())
