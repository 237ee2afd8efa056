"""What a finished game says about the people who played it, for the achievements: who
won and whom they beat, their best placement and how many tiles it touched, whether
they went out, by how much they won, and the help they used.

`game_facts` reads a finished game's record with the rules (every move's result, as the
replay viewer has them); the achievements (game.persist.achievements) decide from these
facts, never from the record itself. A person is a seat of kind "human": the people at
this computer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.play.replay import Replay
from game.rules.moves import PLACE
from game.rules.record.recorded_game import RecordedGame
from game.rules.results import WENT_OUT, WON
from game.rules.table import TableState


@dataclass(frozen=True)
class GameFacts:
    """A finished game, as far as the achievements ask (a solitaire's player is a
    person)."""

    mode: str
    seats: int
    won: bool
    """A person won (table: is among the winners; solitaire: placed all 36)."""
    beaten: frozenset[str] = frozenset()
    """The levels of the computers on the other side when a person won."""
    best_placement: int = 0
    """The most a person's placement scored."""
    most_tiles_touched: int = 0
    """The most tiles a person's placement touched (2 or 3: an opportunity play)."""
    went_out: bool = False
    """A person placed their last tile and so ended a hand."""
    margin: int = 0
    """By how many points a person won (0 in club games, counted in chips)."""
    club: bool = False
    partners: bool = False
    hints: bool = False
    undos: bool = False
    autoplay: bool = False
    daily: bool = False
    """A daily deal."""


def game_facts(recorded: RecordedGame, *, hints: bool, undos: bool, autoplay: bool) -> GameFacts:
    """The facts of the finished game `recorded` (checked and played to its end), with
    the help its people used."""
    record = recorded.record
    people = {seat for seat, player in enumerate(record.players) if player.is_human}
    best = touched = 0
    went_out = False
    for hand in Replay(record).steps:
        for step in hand:
            if step.player not in people or step.move.action != PLACE:
                continue
            best = max(best, step.score)
            touched = max(touched, len(step.contacts))
            went_out = went_out or step.result.end_reason == WENT_OUT
    facts = GameFacts(
        mode=record.mode,
        seats=len(record.players),
        won=bool(people) and getattr(recorded.state, "status", None) == WON,
        best_placement=best,
        most_tiles_touched=touched,
        went_out=went_out,
        hints=hints,
        undos=undos,
        autoplay=autoplay,
        daily=record.daily is not None,
    )
    state = recorded.state
    if not isinstance(state, TableState):
        return facts
    rules = record.rules
    tally = state.tally()
    winners = set(tally.leaders)
    if not people & winners:
        return replace(facts, won=False, club=rules.club, partners=rules.partners)
    others = [score for seat, score in enumerate(tally.standings) if seat not in winners]
    margin = 0  # club games are counted in chips
    if not rules.club and tally.team_totals is not None:
        margin = max(tally.team_totals) - min(tally.team_totals)
    elif not rules.club and others:
        margin = max(tally.standings) - max(others)
    beaten = {
        player.level
        for seat, player in enumerate(record.players)
        if player.level is not None and seat not in winners
    }
    return replace(
        facts,
        won=True,
        beaten=frozenset(beaten),
        margin=margin,
        club=rules.club,
        partners=rules.partners,
    )
