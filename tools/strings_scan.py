"""Finds words a player could see that bypass the catalogue.

Every string constant in the screens and the layers that hand them words (ui, scenes,
play, persist, app, router) that reads like words (a space between letters, or a
capitalised word) must sit inside a catalogue call (`_`, `N_`, `ngettext`, `pgettext`),
be a docstring, be the message of an error raised for developers or for the record
checks (`ENGLISH_ERRORS`: the record's reasons are docs/record.md's, shared with the
headless commands), or carry a `# untranslated: <why>` note on its line. f-strings with
words in them are always reported: a translated message is one whole sentence with
named fields (`_("{name} wins").format(name=...)`), never glued from pieces.

    python -m tools.strings_scan        # lists each bypass as path:line: text
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from tools.sources import syntax_tree

ROOT: Final = Path(__file__).resolve().parents[1]
SCANNED: Final = (
    "game/ui",
    "game/scenes",
    "game/play",
    "game/persist",
    "game/app.py",
    "game/router.py",
)
CATALOGUE_CALLS: Final = frozenset({"_", "N_", "ngettext", "pgettext", "NC_"})
NOT_SHOWN_NOTE: Final = "# untranslated:"
ENGLISH_ERRORS: Final = frozenset(
    {
        "ValueError",
        "TypeError",
        "KeyError",
        "LookupError",
        "RuntimeError",
        "RecordError",
        "IllegalMoveError",
    }
)
WORDS: Final = re.compile(
    r"[A-Za-z]{2,}[^A-Za-z]*\s+[^\s]*[A-Za-z]"
    r"|(^|[^\w.])[A-Z][a-z]+|^[^\w.]+[a-z]{2,}"
)
"""Two words, one capitalised word, or a word after a mark ("◀ Back", " (computer)"):
what a sentence, a label or a title looks like (a file's suffix, ".wav", does not)."""


def _catalogue_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name in CATALOGUE_CALLS


def _docstrings(nodes: list[ast.AST]) -> set[int]:
    ids = set()
    for node in nodes:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
        else:
            continue
        for index, statement in enumerate(body):
            # A docstring, or the string just after an assignment (an attribute's note).
            if (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
                and (index == 0 or isinstance(body[index - 1], ast.Assign | ast.AnnAssign))
            ):
                ids.add(id(statement.value))
    return ids


def bypasses(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each worded string in `path` outside the catalogue."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    nodes = list(ast.walk(syntax_tree(source)))  # walked once, read three times
    skip = _docstrings(nodes)
    for node in nodes:
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in ENGLISH_ERRORS:
                skip.update(id(child) for child in ast.walk(node.exc))
    inside: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.JoinedStr):
            inside.update(id(child) for child in ast.walk(node) if child is not node)
        elif _catalogue_call(node):
            assert isinstance(node, ast.Call)
            # A stored message (`_(self.label)`) was marked where it was written; one
            # built here (an f-string, a sum) is a message the extractor cannot read.
            if any(isinstance(arg, ast.JoinedStr | ast.BinOp) for arg in node.args):
                yield node.lineno, f"a message built in a catalogue call: {ast.unparse(node)}"
            inside.update(id(child) for arg in node.args for child in ast.walk(arg))
    for node in nodes:
        if id(node) in skip or id(node) in inside:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value
                for part in node.values
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if not WORDS.search(text):
            continue
        end = getattr(node, "end_lineno", node.lineno) or node.lineno
        if any(NOT_SHOWN_NOTE in lines[number - 1] for number in range(node.lineno, end + 1)):
            continue
        yield node.lineno, text


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        place = ROOT / name
        files.extend(sorted(place.rglob("*.py")) if place.is_dir() else [place])
    return files


def all_bypasses() -> list[str]:
    """Every bypass in the scanned code, as "path:line: text"."""
    return [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in scanned_files()
        for line, text in bypasses(path)
    ]


if __name__ == "__main__":
    found = all_bypasses()
    print("\n".join(found))
    print(f"{len(found)} strings bypass the catalogue", file=sys.stderr)
