"""The shape of a record document (docs/record.md), checked once when it is read: the header,
the seats, the list of hands and the keys this game adds. Hands and moves are read by
`record.values` and checked by replaying them (`record.recorded_game`)."""

from __future__ import annotations

import re
from typing import Any, Final

from game.rules.errors import RecordError, RulesError
from game.rules.modes import Mode
from game.rules.record.entries import fail
from game.rules.seeds_names import SEED_DIGITS, is_seed
from game.rules.table_rules import TableRules

FORMAT: Final = "contack-record"
VERSION: Final = 1
_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def read_rules(document: dict[str, Any]) -> TableRules:
    """The rules a document names (a missing key takes its default)."""
    rules = document.get("rules", {})
    if not isinstance(rules, dict):
        raise RecordError("record: rules must be an object")
    try:
        return TableRules.from_dict(rules)
    except TypeError as error:
        raise RecordError(f"record: bad rules ({error})") from None


def check_shape(data: object) -> None:
    """`RecordError` (one line) unless `data` is a record document of a known mode."""
    if not isinstance(data, dict):
        raise RecordError("record: not a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"record: format must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError(f"record: version {data.get('version')!r} is not supported")
    if data.get("mode") not in tuple(Mode):
        raise RecordError(f"record: unknown mode {data.get('mode')!r}")
    mode = Mode(data["mode"])
    try:
        rules = read_rules(data)
        rules.validate()
    except RecordError:
        raise  # says where already
    except (RulesError, TypeError) as error:
        raise RecordError(f"record: {error}") from None
    players = data.get("players")
    if not isinstance(players, list):
        raise RecordError("record: players must be a list")
    low, high = mode.seats
    if not low <= len(players) <= high:
        raise RecordError(
            f"record: a {mode} record has {low} to {high} players, not {len(players)}"
        )
    for seat, player in enumerate(players):
        kind = player.get("kind") if isinstance(player, dict) else None
        if kind != "human" and not (isinstance(kind, str) and kind.startswith("ai:")):
            raise RecordError(f"record: players[{seat}].kind must be 'human' or 'ai:<level>'")
    if mode.is_table and rules.partners and len(players) != 4:
        raise RecordError("record: partners needs exactly 4 players")
    hands = data.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
        raise RecordError("record: hands must be a list of objects")
    if mode.is_solitaire and len(hands) > 1:
        raise RecordError("record: a solitaire record has one hand")
    _check_game_keys(data)


def _check_game_keys(data: dict[str, Any]) -> None:
    """The keys this game adds (docs/record.md "Keys this game adds": `seed`, `daily`,
    `undos`, a hand's `redo`): absent, or of the shape the game reads, so that a record
    `check` accepts always opens in the game."""
    if "seed" in data and not is_seed(data["seed"]):
        raise RecordError(
            "record: seed must be a whole number of at most "
            f"{SEED_DIGITS} digits or a word of letters and digits "
            f"(at most {SEED_DIGITS} characters)"
        )
    daily = data.get("daily")
    if "daily" in data and not (isinstance(daily, str) and _DATE.fullmatch(daily)):
        raise RecordError("record: daily must be a date written YYYY-MM-DD")
    undos = data.get("undos")
    if "undos" in data and not (type(undos) is int and undos >= 0):
        raise RecordError("record: undos must be a whole number from 0 up")
    for h, hand in enumerate(data["hands"]):
        redo = hand.get("redo")
        if "redo" in hand and not (
            isinstance(redo, list)
            and all(
                isinstance(group, list)
                and group
                and all(isinstance(entry, dict) for entry in group)
                for group in redo
            )
        ):
            raise fail(h, None, "redo must be a list of lists of moves")
