"""What a new table game is set up from: the seats and options of a finished one (a
rematch) and the share code a friend types to play the same deal with them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from game.rules.modes import Mode
from game.rules.record.document import GameRecord
from game.rules.record.entries import PlayerEntry
from game.rules.share import ShareCode, ShareCodeError, deal_number


class TableConfig(TypedDict, total=False):
    """A new table game as a setup asks for it: docs/record.md's rules, the seats, the deal."""

    rules: Mapping[str, object]
    players: list[PlayerEntry]
    seed: int | str


def rematch_config(record: GameRecord, same_deal: bool = False) -> TableConfig:
    """A setup config for a new game with the seats and options of table `record` (and,
    when `same_deal`, its deal number)."""
    config: TableConfig = {"rules": record.rules.to_dict(), "players": record.player_entries()}
    deal = deal_number(record.seed)
    if same_deal and deal is not None:
        config["seed"] = deal
    return config


def share_code(record: GameRecord) -> str | None:
    """The code a friend types to play the deal of table `record` with its seats and
    options (None when its seed is not a deal number, or a seat or option is one no
    code can say: a newer game's)."""
    deal = deal_number(record.seed)
    if deal is None:
        return None
    kinds = tuple(player.kind for player in record.players)
    try:
        return str(ShareCode(Mode.TABLE, deal, kinds, record.rules))
    except ShareCodeError:
        return None
