"""The player's language: gettext catalogues, plurals, numbers and dates.

Every word a screen shows is looked up here. `_` translates now; `N_` only marks a
message for the catalogue where it is stored (a button's label, a notice kept for
later) and the screen translates it when it draws, so a change of language shows at
once. The catalogues are `locale/<code>/LC_MESSAGES/contack.po` in the source, compiled
to `.mo` by the build (see `setup.py`); a language without a compiled catalogue shows
English. How numbers and dates are written is itself in the catalogue (separators, month
names, the date pattern), so a new language needs only its `.po`.

Standard library only: the rules, computer players and files below the screens never
import this module; they hand the screens data or English messages marked with `N_`.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import gettext
import locale
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

DOMAIN: Final = "contack"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
LANGUAGES: Final = {"en": "English", "es": "Español"}
"""The languages the game speaks, each named in itself (so never translated)."""
DEFAULT_LANGUAGE: Final = "en"
NAMED_LANGUAGES: Final = {"english": "en", "spanish": "es"}
"""Windows names a locale's language in English ("Spanish_Mexico"): each one's code."""


@dataclass
class _Speaking:
    """The language spoken now, and its catalogue."""

    code: str = DEFAULT_LANGUAGE
    catalogue: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)


_speaking = _Speaking()


def NC_(context: str, message: str) -> str:
    """`message`, marked for the catalogue in `context`, translated later by `pgettext`."""
    return message


MONTHS: Final = (
    NC_("month", "January"),
    NC_("month", "February"),
    NC_("month", "March"),
    NC_("month", "April"),
    NC_("month", "May"),
    NC_("month", "June"),
    NC_("month", "July"),
    NC_("month", "August"),
    NC_("month", "September"),
    NC_("month", "October"),
    NC_("month", "November"),
    NC_("month", "December"),
)
SHORT_MONTHS: Final = (
    NC_("short month", "Jan"),
    NC_("short month", "Feb"),
    NC_("short month", "Mar"),
    NC_("short month", "Apr"),
    NC_("short month", "May"),
    NC_("short month", "Jun"),
    NC_("short month", "Jul"),
    NC_("short month", "Aug"),
    NC_("short month", "Sep"),
    NC_("short month", "Oct"),
    NC_("short month", "Nov"),
    NC_("short month", "Dec"),
)
WEEKDAYS: Final = (
    NC_("weekday", "Monday"),
    NC_("weekday", "Tuesday"),
    NC_("weekday", "Wednesday"),
    NC_("weekday", "Thursday"),
    NC_("weekday", "Friday"),
    NC_("weekday", "Saturday"),
    NC_("weekday", "Sunday"),
)
WEEKDAY_HEADS: Final = (
    NC_("weekday initials", "Mo"),
    NC_("weekday initials", "Tu"),
    NC_("weekday initials", "We"),
    NC_("weekday initials", "Th"),
    NC_("weekday initials", "Fr"),
    NC_("weekday initials", "Sa"),
    NC_("weekday initials", "Su"),
)
"""A calendar's column heads, two letters each."""


def set_language(code: str) -> str:
    """Speak `code` ("en", "es") from now on; an unknown code, or one whose catalogue
    is not compiled, speaks English. Returns the code now spoken."""
    catalogue = _catalogue(code) if code in LANGUAGES else None
    if catalogue is None:
        code, catalogue = DEFAULT_LANGUAGE, gettext.NullTranslations()
    _speaking.code, _speaking.catalogue = code, catalogue
    return code


@functools.cache
def _catalogue(code: str) -> gettext.NullTranslations | None:
    """The catalogue of `code` (English: none needed), read once; None where it is not
    compiled (a bare source tree) or cannot be read."""
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        return None


def in_every_language(message: str) -> list[str]:
    """`message` in each language the game speaks (English first): a label sized for
    the longest of them keeps its size whichever language is chosen."""
    catalogues = (_catalogue(code) for code in LANGUAGES)
    return [
        catalogue.gettext(message) if message else message
        for catalogue in catalogues
        if catalogue is not None
    ]


def language() -> str:
    """The code of the language spoken now."""
    return _speaking.code


def system_language() -> str:
    """The game's language nearest the system's: Spanish for any Spanish locale, else
    English."""
    names = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")
    for name in names:
        for part in name.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            code = NAMED_LANGUAGES.get(code, code)
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def _(message: str) -> str:
    """`message` in the player's language ("" stays "": gettext would give the
    catalogue's header)."""
    return _speaking.catalogue.gettext(message) if message else message


def N_(message: str) -> str:
    """`message`, marked for the catalogue and translated later, where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message that suits `count` in the player's language."""
    return _speaking.catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the player's language, as meant in `context` (one English word
    with two senses gets two translations)."""
    return _speaking.catalogue.pgettext(context, message)


def format_number(value: float, decimals: int = 0) -> str:
    """`value` written the player's way: "12,345.5" in English, "12.345,5" in Spanish."""
    text = f"{abs(value):.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    if abs(value) >= int(pgettext("number format", "1000")):
        groups: list[str] = []
        while len(whole) > 3:
            whole, group = whole[:-3], whole[-3:]
            groups.insert(0, group)
        whole = pgettext("number format", ",").join([whole, *groups])
    sign = "-" if value < 0 and text.strip("0.") else ""
    return sign + whole + (pgettext("number format", ".") + fraction if fraction else "")


def format_signed(value: int) -> str:
    """A score change with its sign: "+12", "-30", "0"."""
    return ("+" if value > 0 else "") + format_number(value)


def format_percent(fraction: float) -> str:
    """A fraction as a whole percentage: "45%" in English, "45 %" in Spanish."""
    return _("{percent}%").format(percent=format_number(round(100 * fraction)))


def month_name(month: int) -> str:
    """The name of `month` (1-12) in the player's language."""
    return pgettext("month", MONTHS[month - 1])


def weekday_name(weekday: int, short: bool = False) -> str:
    """The name of `weekday` (0 is Monday), or its two-letter head in a calendar."""
    if short:
        return pgettext("weekday initials", WEEKDAY_HEADS[weekday])
    return pgettext("weekday", WEEKDAYS[weekday])


def format_month(day: datetime.date) -> str:
    """A month of a year: "November 2026" / "noviembre de 2026"."""
    return _("{month} {year}").format(month=month_name(day.month), year=day.year)


def format_long_date(day: datetime.date) -> str:
    """A day with its weekday: "Monday 23 November 2026" / "lunes, 23 de noviembre de 2026"."""
    return _("{weekday} {day} {month} {year}").format(
        weekday=weekday_name(day.weekday()), day=day.day, month=month_name(day.month), year=day.year
    )


def format_date(day: datetime.date) -> str:
    """A day written out: "23 November 2026" / "23 de noviembre de 2026"."""
    return _("{day} {month} {year}").format(day=day.day, month=month_name(day.month), year=day.year)


def format_short_date_time(moment: datetime.datetime) -> str:
    """A day and time where room is short (lists): "23 Nov 2026, 14:05"."""
    return _("{day} {short_month} {year}, {time}").format(
        day=moment.day,
        short_month=pgettext("short month", SHORT_MONTHS[moment.month - 1]),
        year=moment.year,
        time=moment.strftime("%H:%M"),
    )
