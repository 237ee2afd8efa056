"""Python source parsed for the checks that read code (tests/test_architecture.py, the
strings scan): with the garbage collector paused while parsing, since a syntax tree holds
no cycles and the collector's passes over its many new nodes are half the parse's cost."""

from __future__ import annotations

import ast
import gc


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
