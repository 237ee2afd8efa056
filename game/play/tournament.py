"""A club's events (docs/server.md "Arenas and Swiss events"): who plays whom, the
standings and the event's clock, without I/O.

An arena runs for a length of minutes: as a table frees, its players wait again and the
waiting players are seated by score, nobody straight back with the players of their last
table while another way exists. A Swiss event plays a number of rounds: each round seats
everyone by score, no two players together again while another way exists, and a player
left over (the odd one at two seats) sits the round out with a bye.

A game scores each player 2 points for every other seat they finished ahead of and 1 for
every seat they tied with: win 2, draw 1, loss 0 at a table of two. A bye scores as a win
against the table's other seats. The standings rank by points, then by the points of the
opponents met (one count a meeting), then by fewer games (the same points in fewer
games), then by name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final, Literal

Kind = Literal["arena", "swiss"]
Table = tuple[str, ...]
"""The players seated at one table of an event, in seat order."""

SEARCH_STEPS: Final = 20_000
"""How many tables a Swiss pairing tries before it settles for repeated pairings."""


@dataclass(frozen=True)
class EventRules:
    """What a member chose when creating an event: its kind, its start (seconds since the
    epoch), its length (an arena's minutes, a Swiss event's rounds) and its table size."""

    kind: Kind
    start: float
    minutes: int = 0
    rounds: int = 0
    seats: int = 2

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 7:
            raise ValueError(f"an event's tables seat 2 to 7, not {self.seats}")
        length = self.minutes if self.kind == "arena" else self.rounds
        if length < 1:
            raise ValueError(f"an {self.kind} needs a length of at least 1")

    @property
    def end(self) -> float:
        """When an arena seats nobody more (a Swiss event ends with its rounds)."""
        return self.start + 60.0 * self.minutes


@dataclass(frozen=True)
class Result:
    """A finished table of the event: its players and each one's place (1 the best,
    equal places for equal totals)."""

    players: Table
    places: tuple[int, ...]

    def points(self) -> dict[str, int]:
        """Each player's points: 2 per seat they finished ahead of, 1 per seat tied."""
        return {
            player: sum(
                2 if place < other else 1 if place == other else 0
                for j, other in enumerate(self.places)
                if j != i
            )
            for i, (player, place) in enumerate(zip(self.players, self.places, strict=True))
        }


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    place: int
    player: str
    points: int
    games: int
    opponents: int
    """The points of the opponents met, one count a meeting: the first tie-break."""


def bye_points(seats: int) -> int:
    """A bye scores as a win against the table's other seats."""
    return 2 * (seats - 1)


def standings(
    players: Sequence[str], results: Sequence[Result], byes: Sequence[str], seats: int
) -> list[Standing]:
    """The players ranked by points, then opponents' points, then fewer games, then name;
    players level on all three share a place."""
    points: Counter[str] = Counter({player: 0 for player in players})
    games: Counter[str] = Counter()
    for result in results:
        points.update(result.points())
        games.update(result.players)
    for player in byes:
        points[player] += bye_points(seats)
    opponents: Counter[str] = Counter()
    for result in results:
        for player in result.players:
            opponents[player] += sum(points[o] for o in result.players if o != player)

    def key(player: str) -> tuple[int, int, int]:
        return (-points[player], -opponents[player], games[player])

    ranked = sorted(points, key=lambda p: (key(p), p))
    return [
        Standing(
            place=1 + sum(key(other) < key(player) for other in ranked),
            player=player,
            points=points[player],
            games=games[player],
            opponents=opponents[player],
        )
        for player in ranked
    ]


def arena_tables(
    waiting: Sequence[str], last_table: Mapping[str, Table], seats: int, rematch: bool
) -> list[Table]:
    """Tables for the waiting players (best score first): each table takes the first
    player left and then the next ones who were not at a table with any of them last
    time. When too few such are left, the first player waits for another table to free
    unless `rematch` (no table is playing to free): then the next ones at all sit down.
    Fewer than `seats` players left wait for the next table to free."""
    left = list(waiting)
    tables: list[Table] = []
    while len(left) >= seats:
        first, *others = left
        table = [first]
        for candidate in others:
            if len(table) < seats and not any(
                _met_last(candidate, seated, last_table) for seated in table
            ):
                table.append(candidate)
        if len(table) < seats and rematch:
            table += [p for p in others if p not in table][: seats - len(table)]
        left = [p for p in left if p not in table] if len(table) == seats else others
        if len(table) == seats:
            tables.append(tuple(table))
    return tables


def _met_last(one: str, other: str, last_table: Mapping[str, Table]) -> bool:
    return other in last_table.get(one, ())


def swiss_round(
    ranked: Sequence[str],
    met: Mapping[str, frozenset[str]],
    byes_had: Mapping[str, int],
    seats: int,
) -> tuple[list[Table], list[str]]:
    """One round's tables and byes for the players ranked best first. The byes go to
    the lowest ranked of those with the fewest byes; the tables seat players by score,
    no two who have met while any pairing without that exists (found within
    `SEARCH_STEPS`), else by score alone."""
    count = len(ranked) % seats
    by_bye = sorted(ranked, key=lambda p: (byes_had.get(p, 0), -ranked.index(p)))
    budget = [SEARCH_STEPS]
    for chosen in combinations(by_bye, count):
        players = [p for p in ranked if p not in chosen]
        tables = _fresh_tables(players, met, seats, budget)
        if tables is not None:
            return tables, list(chosen)
        if budget[0] <= 0:
            break
    byes = by_bye[:count]
    players = [p for p in ranked if p not in byes]
    return [tuple(players[i : i + seats]) for i in range(0, len(players), seats)], byes


def _fresh_tables(
    players: list[str],
    met: Mapping[str, frozenset[str]],
    seats: int,
    budget: list[int],
) -> list[Table] | None:
    """Tables of players who have not met, the best scores together first, or None."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for others in combinations(rest, seats - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        table = (first, *others)
        if any(b in met.get(a, frozenset()) for a, b in combinations(table, 2)):
            continue
        after = _fresh_tables([p for p in rest if p not in others], met, seats, budget)
        if after is not None:
            return [table, *after]
    return None


@dataclass
class Event:
    """An event as its server keeps it: who joined (and left), the tables playing, the
    results and byes so far, and which Swiss round it is in."""

    rules: EventRules
    players: list[str] = field(default_factory=list)
    playing: list[Table] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)
    round: int = 0
    too_few: bool = False
    """Whether a Swiss round found fewer players than a table (nobody came by its start,
    or too many left): the event ended there."""

    def join(self, player: str, now: float) -> None:
        """A player joins (again); nobody joins an event that is over, nor a Swiss event
        once its first round is seated."""
        if self.over(now) or (self.rules.kind == "swiss" and self.round > 0):
            raise ValueError("the event takes no more players")
        if player not in self.players:
            self.players.append(player)

    def leave(self, player: str) -> None:
        """A player leaves: seated no more (a game they are playing plays to its end)."""
        if player in self.players:
            self.players.remove(player)

    def standings(self) -> list[Standing]:
        everyone = dict.fromkeys([*self.players, *self._ever_played()])
        return standings(list(everyone), self.results, self.byes, self.rules.seats)

    def pair(self, now: float) -> list[Table]:
        """The tables to open now (they are playing from then on): an open arena's
        waiting players; a Swiss event's next round once the last one has finished (too
        few players for one table end it)."""
        if now < self.rules.start:
            return []
        tables = self._arena(now) if self.rules.kind == "arena" else self._swiss()
        self.playing.extend(tables)
        return tables

    def finish(self, table: Table, places: Sequence[int]) -> None:
        """A table of the event finished with these places."""
        self.playing.remove(table)
        self.results.append(Result(table, tuple(places)))

    def abandon(self, table: Table) -> None:
        """A table of the event closed with nobody playing: no result, seated no more."""
        self.playing.remove(table)

    def over(self, now: float) -> bool:
        """Whether nothing more is played: no table playing, and an arena's time up, or a
        Swiss event's rounds played, or a round that found too few players to seat."""
        if self.playing:
            return False
        if self.rules.kind == "arena":
            return now >= self.rules.end
        return self.round >= self.rules.rounds or self.too_few

    def _arena(self, now: float) -> list[Table]:
        if now >= self.rules.end:
            return []
        seated = {player for table in self.playing for player in table}
        ranks = {s.player: i for i, s in enumerate(self.standings())}
        waiting = sorted((p for p in self.players if p not in seated), key=lambda p: ranks[p])
        last = dict(self._last_tables())
        return arena_tables(waiting, last, self.rules.seats, rematch=not self.playing)

    def _swiss(self) -> list[Table]:
        if self.playing or self.round >= self.rules.rounds:
            return []
        joined = set(self.players)
        ranked = [s.player for s in self.standings() if s.player in joined]
        if len(ranked) < self.rules.seats:
            self.too_few = True
            return []
        met: dict[str, frozenset[str]] = {}
        for result in self.results:
            for player in result.players:
                met[player] = met.get(player, frozenset()) | set(result.players)
        tables, byes = swiss_round(ranked, met, Counter(self.byes), self.rules.seats)
        self.round += 1
        self.byes.extend(byes)
        return tables

    def _last_tables(self) -> Iterator[tuple[str, Table]]:
        for result in self.results:
            for player in result.players:
                yield player, result.players

    def _ever_played(self) -> Iterator[str]:
        for table in [*self.playing, *(r.players for r in self.results)]:
            yield from table
        yield from self.byes
