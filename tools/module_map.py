"""Writes docs/modules.md, the map of the code's modules, from their docstrings: each
module of game/ and tools/ with the first paragraph of its docstring, folder by folder
(a package's own docstring heads its folder). Made, never written by hand, so it cannot
drift: tests/test_docs.py fails when the file is not what this makes.

    python tools/module_map.py            # writes docs/modules.md
    python tools/module_map.py --check    # exit status 1 when docs/modules.md is stale

Only each file's first statement is read (its tokens up to the docstring), so the map is
made in a fraction of a second.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import io
import sys
import tokenize
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
MAP: Final = Path("docs") / "modules.md"
"""The module map, from the repository's root."""
MAPPED: Final = ("game", "tools")
"""The folders whose modules the map lists."""
_SKIPPED: Final = frozenset(
    {tokenize.ENCODING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT}
)
HEADER: Final = """# Module map

Every module of `game/` and `tools/`, folder by folder, with the first paragraph of its
docstring (a package's own docstring under its folder's name). This file is made by
`python tools/module_map.py` from the docstrings; do not edit it by hand: change the
docstring and run the tool again (`tests/test_docs.py` fails while it is stale). The
layers and what each may import are in `pyproject.toml` (import-linter).
"""


def docstring(source: str) -> str:
    """The module docstring of `source` ("" when it has none)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        if token.type in _SKIPPED:
            continue
        if token.type != tokenize.STRING:
            return ""
        text = ast.literal_eval(token.string)
        return inspect.cleandoc(text) if isinstance(text, str) else ""
    return ""


def summary(text: str) -> str:
    """The first paragraph of a docstring, on one line."""
    return " ".join(text.split("\n\n", 1)[0].split())


def _folder_map(root: Path, folder: Path) -> list[str]:
    """The map's lines for the modules directly in `folder` ([] when it has none)."""
    lines: list[str] = []
    modules = sorted(folder.glob("*.py"))
    if not modules:
        return lines
    lines += ["", f"## {folder.relative_to(root).as_posix()}/", ""]
    init = folder / "__init__.py"
    intro = summary(docstring(init.read_text(encoding="utf-8"))) if init.exists() else ""
    if intro:
        lines += [intro, ""]
    for path in modules:
        if path.name == "__init__.py":
            continue
        text = summary(docstring(path.read_text(encoding="utf-8")))
        name = f"`{path.relative_to(root).as_posix()}`"
        lines.append(f"- {name}: {text}" if text else f"- {name}")
    return lines


def module_map(root: Path = ROOT) -> str:
    """The text of docs/modules.md for the code under `root`."""
    lines = [HEADER.rstrip("\n")]
    for top in MAPPED:
        folders = [root / top, *(root / top).rglob("*")]
        for folder in sorted(f for f in folders if f.is_dir() and f.name != "__pycache__"):
            lines += _folder_map(root, folder)
    return "\n".join(lines) + "\n"


def is_stale(root: Path = ROOT) -> bool:
    """Whether the map under `root` is not what `module_map` makes of its docstrings."""
    path = root / MAP
    return not path.exists() or path.read_text(encoding="utf-8") != module_map(root)


def write_map(root: Path = ROOT) -> None:
    """Write the map under `root`."""
    path = root / MAP
    path.parent.mkdir(exist_ok=True)
    path.write_text(module_map(root), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/module_map.py", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when the map is stale")
    args = parser.parse_args(argv)
    if not args.check:
        write_map()
    elif is_stale():
        print(f"{MAP} is stale: run python tools/module_map.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
