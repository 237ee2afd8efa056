"""The language catalogues: extract the game's messages, merge them into each language's
`.po`, compile the `.mo` files gettext reads. Babel does the work.

    python -m tools.catalogue extract   # game/locale/contack.pot from the source
    python -m tools.catalogue update    # new and changed messages into every .po
    python -m tools.catalogue compile   # each .po to its .mo (the build does this too)

Messages are the first argument of `_`, `N_`, `ngettext`, `pgettext`, `NC_` (and the reason of
a `ShareCodeError`, which the rules raise in English and the screens translate).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT: Final = Path(__file__).resolve().parents[1]
LOCALE_DIR: Final = ROOT / "game" / "locale"
TEMPLATE: Final = LOCALE_DIR / "contack.pot"
KEYWORDS: Final = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2), "ShareCodeError": None}
A_KEYWORD: Final = re.compile(rb"(?<!\w)(?:%s)(?!\w)" % b"|".join(k.encode() for k in KEYWORDS))
"""A keyword's name as a whole word: a file without one has no message to extract."""


def python_messages(
    file: IO[bytes], keywords: Mapping[str, Any], tags: Collection[str], options: Any
) -> Iterator[Any]:
    """Babel's Python extraction, for the files that name a keyword (162 of game/'s 285
    files name none: tokenizing them was a third of the extraction's time)."""
    if A_KEYWORD.search(file.read()):
        file.seek(0)
        yield from extract_python(file, keywords, tags, options)


def extract() -> Catalog:
    """Every message in game/, with where it is used."""
    catalogue = Catalog(project="contack", msgid_bugs_address="", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT / "game",
        [("**.py", "tools.catalogue:python_messages")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        catalogue.add(
            message, None, [(f"game/{filename}", lineno)], auto_comments=comments, context=context
        )
    return catalogue


def po_paths() -> list[Path]:
    """Each language's catalogue."""
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/contack.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def write(catalogue: Catalog, path: Path) -> None:
    with path.open("wb") as file:
        write_po(file, catalogue, width=100, sort_by_file=True, ignore_obsolete=True)


def compile_all() -> None:
    for po_path in po_paths():
        with po_path.with_suffix(".mo").open("wb") as file:
            write_mo(file, read(po_path))


def main(command: str) -> None:
    if command == "extract":
        write(extract(), TEMPLATE)
    elif command == "update":
        template = extract()
        write(template, TEMPLATE)
        for path in po_paths():
            catalogue = read(path)
            catalogue.update(template, update_header_comment=False)
            write(catalogue, path)
    elif command == "compile":
        compile_all()
    else:
        raise SystemExit(f"unknown command {command!r}: extract, update or compile")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "update")
