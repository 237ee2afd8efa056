"""Deal numbers and share codes: a game a person can read out or paste to a friend.

A share code names the mode, the deal number and, for a table game, every seat's kind and
every option, and ends with a check letter that catches a mistyped character:

    T482133-HGX-3F-J     table, deal 482133, a human, a greedy and an expert computer,
                         3 hands, free draw
    T77-HH-1C40M20-B     club Contack, 40 chips each, 20 minutes
    T77-HHH-3C200E-R     club Contack by the Spanish book: the box's 200 chips shared
    T5-HG-3T200-Z        played to 200 points
    D482133-Z            draw solitaire deal 482133 (S for stacked)

Options: the number of hands, then `P` partners, `F` free draw, `T<points>` a game
played to that target score (the hands then count no more), `C<chips>` club
scoring (`E` after it: the Spanish book's club rules), `M<minutes>` (or `S<seconds>`) a
timed club game. Letters may be typed in either case, and spaces may stand for the dashes.
`str(code)` round-trips through `ShareCode.parse`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from game.rules.errors import RulesError
from game.rules.modes import Mode
from game.rules.table_rules import MAX_PLAYERS, MIN_PLAYERS, TableRules

MAX_DEAL: Final = 999_999_999
"""The largest deal number (a new game takes one of six digits at most)."""
MODE_LETTERS: Final[dict[str, str]] = {
    Mode.TABLE: "T",
    Mode.DRAW_SOLITAIRE: "D",
    Mode.STACKED_SOLITAIRE: "S",
}
SEAT_LETTERS: Final = {
    "human": "H",
    "ai:random": "R",
    "ai:easy": "E",
    "ai:greedy": "G",
    "ai:expert": "X",
    "ai:master": "M",
}
MAX_CODE_LENGTH: Final = 48
CHECK_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ"
"""23 letters (a prime count, no I, L or O): the check letter of a code."""
_OPTIONS: Final = re.compile(r"([0-9]+)(P?)(F?)(?:T([0-9]+))?(?:C([0-9]+)(E?))?(?:([MS])([0-9]+))?")


class ShareCodeError(RulesError):
    """A share code that cannot be read; the message says what is wrong with it.

    `reason` is the message's English template with `{fields}` (the catalogue's
    extractor reads each as a message, so the screens can say it in the player's
    language); `str(error)` is the reason filled in."""

    def __init__(self, reason: str, **fields: object) -> None:
        super().__init__(reason.format(**fields))
        self.reason = reason
        self.fields = fields


def check_letter(body: str) -> str:
    """The check letter of a code's `body` (its canonical text before the last dash)."""
    total = sum((index + 1) * ord(char) for index, char in enumerate(body))
    return CHECK_LETTERS[total % len(CHECK_LETTERS)]


def is_number_text(text: str) -> bool:
    """Whether `text` is a whole number in the digits 0-9 (Python's `isdigit` also takes
    '²', '①' and other scripts' digits, which `int` may refuse)."""
    return text.isascii() and text.isdigit()


def deal_number(seed: object) -> int | None:
    """The deal number of a record's `seed`, when it is one (a whole number 1 up)."""
    return seed if type(seed) is int and 1 <= seed <= MAX_DEAL else None


@dataclass(frozen=True)
class ShareCode:
    """A game to play again: its mode, deal number and, at the table, seats and rules."""

    mode: str
    deal: int
    seats: tuple[str, ...] = ()
    """Table games: each seat's kind ("human" or "ai:<level>")."""
    rules: TableRules = field(default_factory=TableRules)

    def __post_init__(self) -> None:
        if self.mode not in MODE_LETTERS:
            raise ShareCodeError("there is no game mode {mode!r}", mode=self.mode)
        if deal_number(self.deal) is None:
            raise ShareCodeError(
                "a deal number is 1 to {largest}, not {deal!r}", largest=MAX_DEAL, deal=self.deal
            )
        if self.mode == Mode.TABLE:
            if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
                raise ShareCodeError(
                    "a table game has {least} to {most} seats, not {seats}",
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                    seats=len(self.seats),
                )
            unknown = [kind for kind in self.seats if kind not in SEAT_LETTERS]
            if unknown:
                raise ShareCodeError("no seat can be {seat!r}", seat=unknown[0])
            if self.rules.partners and len(self.seats) != 4:
                raise ShareCodeError("partners play with 4 seats")
            try:
                self.rules.validate()
            except RulesError as error:
                raise ShareCodeError("{problem}", problem=str(error)) from None
            limit = self.rules.time_limit_s
            if limit is not None and limit != int(limit):
                raise ShareCodeError("a shared time limit is a whole number of seconds")
        elif self.seats:
            raise ShareCodeError("a solitaire has no seats to share")

    def __str__(self) -> str:
        parts = [f"{MODE_LETTERS[self.mode]}{self.deal}"]
        if self.mode == Mode.TABLE:
            parts.append("".join(SEAT_LETTERS[kind] for kind in self.seats))
            parts.append(_options_text(self.rules))
        body = "-".join(parts)
        return f"{body}-{check_letter(body)}"

    @classmethod
    def parse(cls, text: str) -> ShareCode:
        """Read a code a person typed (`ShareCodeError` with the reason if it is wrong)."""
        if len(text) > MAX_CODE_LENGTH:
            raise ShareCodeError(
                "a share code is at most {length} characters", length=MAX_CODE_LENGTH
            )
        parts = [part for part in re.split(r"[\s\-]+", text.strip().upper()) if part]
        if not parts:
            raise ShareCodeError("type a share code, such as D482133-Z")
        if len(parts[0]) < 2 or parts[0][0] not in "TDS" or not is_number_text(parts[0][1:]):
            raise ShareCodeError(
                "a share code starts with T, D or S and the deal number, such as T482133"
            )
        if len(parts) < 2:
            raise ShareCodeError("the code is cut short: its check letter is missing")
        body, check = "-".join(parts[:-1]), parts[-1]
        if len(check) != 1 or check_letter(body) != check:
            raise ShareCodeError(
                "the check letter does not match: a character was mistyped or left out"
            )
        mode = next(m for m, letter in MODE_LETTERS.items() if letter == parts[0][0])
        deal = int(parts[0][1:])
        if mode != Mode.TABLE:
            if len(parts) != 2:
                raise ShareCodeError("a solitaire code is the deal and the check letter only")
            return cls(mode, deal)
        if len(parts) != 4:
            raise ShareCodeError("a table code has four parts: deal, seats, options, check")
        return cls(mode, deal, _read_seats(parts[1]), _read_options(parts[2]))


def _options_text(rules: TableRules) -> str:
    text = str(rules.hands)
    text += "P" if rules.partners else ""
    text += "F" if rules.free_draw else ""
    text += "" if rules.target is None else f"T{rules.target}"
    if rules.club:
        text += f"C{rules.chips}" + ("E" if rules.spanish_club else "")
        limit = rules.time_limit_s
        if limit is not None:
            seconds = int(limit)
            text += f"S{seconds}" if seconds % 60 else f"M{seconds // 60}"
    return text


def _read_seats(text: str) -> tuple[str, ...]:
    kinds = {letter: kind for kind, letter in SEAT_LETTERS.items()}
    wrong = [letter for letter in text if letter not in kinds]
    if wrong:
        raise ShareCodeError(
            "{letter!r} is not a seat: H is a human, R, E, G, X and M computers", letter=wrong[0]
        )
    return tuple(kinds[letter] for letter in text)


def _read_options(text: str) -> TableRules:
    match = _OPTIONS.fullmatch(text)
    if match is None:
        raise ShareCodeError(
            "{text!r} are not options: the hands, then P, F, T<points>, C<chips>, E, M<minutes>",
            text=text,
        )
    hands, partners, free_draw, target, chips, spanish, unit, amount = match.groups()
    if unit is not None and chips is None:
        raise ShareCodeError("only a club game (C<chips>) can be timed")
    limit = None if amount is None else int(amount) * (60 if unit == "M" else 1)
    return TableRules(
        hands=int(hands),
        partners=bool(partners),
        free_draw=bool(free_draw),
        variant="club" if chips is not None else "standard",
        chips=int(chips) if chips is not None else TableRules.chips,
        time_limit_s=limit,
        club_rules="spanish" if spanish else "standard",
        target=None if target is None else int(target),
    )
