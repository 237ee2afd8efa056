"""Python source parsed for the checks that read code (tests/test_architecture.py, the
strings scan): with the garbage collector paused while parsing, since a syntax tree holds
no cycles and the collector's passes over its many new nodes are half the parse's cost;
a module's outline (the names the architecture checks read) parsed once a process."""

from __future__ import annotations

import ast
import functools
import gc
from dataclasses import dataclass
from pathlib import Path


def syntax_tree(source: str) -> ast.Module:
    """`ast.parse(source)` without the collector's passes (a tree is freed by reference
    counting alone)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source)
    finally:
        if collecting:
            gc.enable()


@dataclass(frozen=True)
class Outline:
    """A module's top-level classes and functions, and the names it imports as
    themselves (`import X as X`)."""

    classes: tuple[str, ...]
    functions: tuple[str, ...]
    re_exports: tuple[str, ...]


@functools.cache
def outline(path: Path) -> Outline:
    """The module at `path`, parsed once a process (its outline is kept, not its tree:
    the trees of the game's modules take tens of megabytes)."""
    tree = syntax_tree(path.read_text(encoding="utf-8"))
    return Outline(
        classes=tuple(node.name for node in tree.body if isinstance(node, ast.ClassDef)),
        functions=tuple(node.name for node in tree.body if isinstance(node, ast.FunctionDef)),
        re_exports=tuple(
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom | ast.Import)
            for alias in node.names
            if alias.asname == alias.name
        ),
    )
