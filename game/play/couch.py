"""The couch table: a table game at this computer, whose computers think through the
window's adviser and whose every other seat is a person here (the mouse passes among
them). A configuration of `TableFlow`, new from the setup screen's config, resumed from
a save, or opened from either."""

from __future__ import annotations

from typing import Final

from game.ai.worker import Adviser
from game.i18n import _
from game.play.seats import Computer, Controller, Person, advised
from game.play.table_flow import TableFlow
from game.play.table_setup import TableConfig
from game.rules.errors import RulesError
from game.rules.record.document import GameRecord
from game.rules.record.recorded_game import RecordedGame
from game.rules.seeds_names import new_seed
from game.rules.table import TableGame
from game.rules.table_rules import TableRules

DEFAULT_PLAYERS: Final = (  # the setup screen names the seats; these stand in
    {"name": "You", "kind": "human"},  # untranslated: a stand-in
    {"name": "Bot", "kind": "ai:greedy"},  # untranslated: a stand-in
)


def couch_seats(record: GameRecord, adviser: Adviser) -> list[Controller]:
    """The seats of a game at this computer: the record's computers think through
    `adviser`, everyone else plays here."""
    seed, think = record.seed or 0, advised(adviser)
    return [
        Person() if p.level is None else Computer(p.level, think, seed, seat)
        for seat, p in enumerate(record.players)
    ]


def new_couch_table(config: TableConfig, adviser: Adviser, seed: int | str) -> TableFlow:
    """A new game from a setup `config` ({"rules": {...}, "players": [...]}), dealt from
    `seed` unless the config says which deal."""
    players = [dict(p) for p in config.get("players", [])] or [dict(p) for p in DEFAULT_PLAYERS]
    rules = TableRules.from_dict(config.get("rules", {}))
    game = TableGame(len(players), rules)
    return _couch_table(RecordedGame.new_table(game, players, config.get("seed", seed)), adviser)


def resume_couch_table(record: GameRecord, adviser: Adviser) -> TableFlow:
    """The game of `record`, replayed and checked (`RulesError` if it cannot be)."""
    return _couch_table(RecordedGame.from_record(record), adviser)


def _couch_table(recorded: RecordedGame, adviser: Adviser) -> TableFlow:
    """The flow of `recorded` at this computer, its names written as the screens show
    them (a game continued from a record with a huge or invisible name saves only what
    shows)."""
    recorded.record.trim_names()
    return TableFlow(recorded, couch_seats(recorded.record, adviser), adviser)


def open_couch_table(
    config: TableConfig, record: GameRecord | None, adviser: Adviser
) -> tuple[TableFlow, str | None]:
    """The game of `record` resumed or, if it cannot be, a new one from `config` with the
    reason in words."""
    failure = None
    if record is not None:
        try:
            return resume_couch_table(record, adviser), None
        except (RulesError, KeyError, TypeError, ValueError) as error:
            failure = _("The saved game could not be resumed ({reason}).").format(reason=error)
    return new_couch_table(config, adviser, new_seed()), failure
