"""The docs in docs/ stay true to the code: the module map is the one the docstrings make
(tools/module_map.py), and every docs/ page the code cites is there."""

from pathlib import Path

from tools.module_map import MAP, ROOT, is_stale, module_map, write_map


def test_the_module_map_is_the_one_the_docstrings_make() -> None:
    assert (ROOT / MAP).read_text(encoding="utf-8") == module_map(), (
        "docs/modules.md is stale: run python tools/module_map.py"
    )


def test_a_changed_docstring_makes_the_map_stale(tmp_path: Path) -> None:
    module = tmp_path / "game" / "rules" / "tiles.py"
    module.parent.mkdir(parents=True)
    (module.parent / "__init__.py").write_text('"""The rules."""\n')
    module.write_text('# a comment\n"""The 36 tiles.\n\nMore words."""\n\nX = 1\n')
    write_map(tmp_path)
    made = (tmp_path / MAP).read_text(encoding="utf-8")
    assert "## game/rules/\n\nThe rules.\n\n- `game/rules/tiles.py`: The 36 tiles.\n" in made
    assert "More words" not in made
    assert not is_stale(tmp_path)
    module.write_text('"""The 36 triangles."""\n')
    assert is_stale(tmp_path)
