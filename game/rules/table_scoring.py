"""The score sheet of a table game: points and chips as moves score them, each hand's
result and penalties when it ends, and the tally over the hands (RULES.md section 5).

A `TableState` (game/rules/table.py) holds one `ScoreSheet` as its `sheet`: the state
deals, plays and takes moves back and tells the sheet what scored; the sheet keeps the
figures and reads them.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.table_rules import PENALTY_PER_TILE, TableRules

Purse = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Every seat's chips held, owed and lent, as they were (to put them back)."""


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


class ScoreSheet:
    """This hand's points, the chips, and the ended hands' results of a table game of
    `players` seats played by `rules`."""

    def __init__(self, players: int, rules: TableRules) -> None:
        self.players = players
        self.rules = rules
        self.club = rules.club
        """Club Contack: chips move as points are scored, and no tile pays a penalty."""
        self.results: list[list[int]] = []
        """Per ended hand, per seat: hand score (club: chips won or lost)."""
        self.points_history: list[list[int]] = []
        """Per ended hand, per seat: the counting points scored (before any penalty)."""
        self.hand_points = [0] * players
        """Counting points each seat scored in this hand."""
        self.chips_held = [rules.starting_chips(players)] * players
        self.chips_owed = [0] * players
        """Club: per seat, the chips it borrowed and owes (to the bank or to players)."""
        self.chips_lent = [0] * players
        """Spanish club rules: per seat, the chips other players borrowed from it."""
        self.hand_start = self.chips_worth()
        """Club: what each seat was worth when this hand began."""

    def new_hand(self) -> None:
        """Start the line of a new hand: no points yet, the chips as they are."""
        self.hand_points = [0] * self.players
        self.hand_start = self.chips_worth()

    def target_reached(self) -> bool:
        """Whether a seat's total over the ended hands (a team's with partners) has
        reached the game's target score (False when it plays to no target)."""
        target = self.rules.target
        if target is None:
            return False
        tally = self.tally()
        return max(tally.team_totals or tally.standings) >= target

    def score(self, seat: int, points: int) -> Purse | None:
        """Count a placement's counting `points` for `seat` (and in club games the chips
        they win); returns the chips as they were before (club), else None."""
        self.hand_points[seat] += points
        if not self.club:
            return None
        before = (tuple(self.chips_held), tuple(self.chips_owed), tuple(self.chips_lent))
        chips = points // 5
        players_lend = self.rules.spanish_club
        for other in range(self.players):
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
        return before

    def unscore(self, seat: int, points: int, purse: Purse | None) -> None:
        """Take back what `score` counted (`purse`: what it returned)."""
        self.hand_points[seat] -= points
        if purse is not None:
            self.chips_held, self.chips_owed, self.chips_lent = map(list, purse)

    def end_hand(self, hands: list[int]) -> None:
        """Write down the ended hand's result, the tiles left in `hands` paying their
        penalty."""
        self.results.append(self.hand_result(hands, True))
        self.points_history.append(self.hand_points.copy())

    def reopen_hand(self) -> None:
        """Rub out the last hand's result (its last move is being taken back)."""
        self.results.pop()
        self.points_history.pop()

    def standings(self, hand_on: bool) -> list[int]:
        """Each seat's score as the table shows it now: in club games `chips_worth`;
        otherwise the ended hands' results plus, while a hand is on, the points scored
        in it (its penalties come when it ends)."""
        if self.club:
            return self.chips_worth()
        running = self.hand_points if hand_on else [0] * self.players
        return [sum(hand[s] for hand in self.results) + running[s] for s in range(self.players)]

    def tally(self) -> Tally:
        """Totals, standings and leaders over the ended hands (at any point of the game)."""
        n = self.players
        totals = tuple(sum(hand[seat] for hand in self.results) for seat in range(n))
        standings = tuple(self.chips_worth()) if self.club else totals
        team_totals = None
        if self.rules.partners:
            team_totals = (standings[0] + standings[2], standings[1] + standings[3])
            best = max(team_totals)
            winners = tuple(s for s in range(n) if team_totals[s % 2] == best)
        else:
            best = max(standings)
            winners = tuple(s for s in range(n) if standings[s] == best)
        return Tally(totals, standings, team_totals, winners)

    def chips_worth(self) -> list[int]:
        """Club: per seat, the chips held minus the chips it owes plus the chips owed to
        it (what decides a club game); who lent never changes it."""
        return [
            held - owed + lent
            for held, owed, lent in zip(
                self.chips_held, self.chips_owed, self.chips_lent, strict=True
            )
        ]

    def hand_result(self, hands: list[int], over: bool) -> list[int]:
        """Per seat, the score of the hand so far (club: chips won minus chips lost); the
        tiles left in `hands` pay their penalty once the hand is `over`."""
        if self.club:
            start = self.hand_start
            return [now - before for now, before in zip(self.chips_worth(), start, strict=True)]
        return [
            self.hand_points[s] - (PENALTY_PER_TILE * hands[s].bit_count() if over else 0)
            for s in range(self.players)
        ]

    def penalties(self, hands: list[int]) -> list[int]:
        """The end-of-hand penalty of each seat holding `hands` (0 in club games)."""
        if self.club:
            return [0] * self.players
        return [PENALTY_PER_TILE * hand.bit_count() for hand in hands]

    def copy(self) -> ScoreSheet:
        other = ScoreSheet.__new__(ScoreSheet)
        other.__dict__.update(self.__dict__)
        other.results = [r.copy() for r in self.results]
        other.points_history = [p.copy() for p in self.points_history]
        other.hand_points = self.hand_points.copy()
        other.chips_held = self.chips_held.copy()
        other.chips_owed = self.chips_owed.copy()
        other.chips_lent = self.chips_lent.copy()
        return other
