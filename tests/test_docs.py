"""The docs in docs/ stay true to the code: the module map is the one the docstrings make
(tools/module_map.py), every docs/ page and section the code cites is there, every
link of the README and docs/ leads to a file (and heading) that exists, and nothing cites
a spec that lives outside the repository."""

import re
from collections.abc import Iterator
from pathlib import Path

from tools.module_map import MAP, ROOT, is_stale, module_map, write_map

DOCS = ROOT / "docs"
CITING = ("game", "tools", "tests")
"""The folders whose files cite the docs (README.md too)."""
CITATION = re.compile(r'docs/([\w-]+\.md)(?: "([^"]+)")?')
"""`docs/record.md`, and the section it names when a quoted heading follows it."""
OUTSIDE = re.compile(r"\.\./shared|/work/share[d]|(?<!docs/)\b(?:PROTOCOL|RECORD)\.md")
"""A spec only the team has: the shared folder, or the specs' old names."""
LINK = re.compile(r"\]\(([^)\s]+)\)")
NAMED = re.compile(r"`((?:game|tools|tests)/[^`\s<*]*?)(?:::(\w+))?`")
"""A file of the repository named in backticks, and the test it names after `::`."""


def text_files() -> Iterator[Path]:
    """The repository's own text: code, tests, tools, docs and the top-level files."""
    for folder in (*CITING, "docs"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md", ".po", ".pot") and "__pycache__" not in path.parts:
                yield path
    yield from (ROOT / name for name in ("README.md", "RULES.md", "pyproject.toml", "setup.py"))


def headings(page: Path) -> set[str]:
    return {
        line.lstrip("#").strip()
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors a link into `page` may name: its headings' (a file not a page has none)."""
    return {anchor(h) for h in headings(page)} if page.suffix == ".md" else set()


def pages() -> list[Path]:
    """The pages a reader follows links through: the README and docs/."""
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def broken_links(root: Path, linking: list[Path]) -> list[str]:
    """Each relative link of `linking` (pages under `root`) whose file, or the heading its
    #anchor names, is not there (a link to a web address is not followed)."""
    broken = []
    for page in linking:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            file, _, fragment = target.partition("#")
            linked = (page.parent / file).resolve() if file else page
            if not linked.exists() or (fragment and fragment not in anchors(linked)):
                broken.append(f"{page.relative_to(root)}: {target}")
    return broken


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


def test_every_docs_page_and_section_cited_is_there() -> None:
    cited = [
        (path.relative_to(ROOT), match)
        for folder in CITING
        for path in sorted((ROOT / folder).rglob("*.py"))
        for match in CITATION.finditer(path.read_text(encoding="utf-8"))
    ]
    readme = ROOT / "README.md"
    cited += [(Path("README.md"), m) for m in CITATION.finditer(readme.read_text("utf-8"))]
    assert len(cited) > 50  # the record's and the protocol's citations are found
    missing = [
        f"{path}: {match[0]}"
        for path, match in cited
        if not (DOCS / match[1]).exists()
        or (match[2] is not None and match[2] not in headings(DOCS / match[1]))
    ]
    assert not missing


def test_the_readme_and_docs_links_lead_somewhere() -> None:
    linking = pages()
    assert len(linking) > 5 and all(page.exists() for page in linking)
    assert not broken_links(ROOT, linking)


def test_every_file_and_test_the_pages_name_is_there() -> None:
    """The README and docs/ name files (`game/rules/figure.py`) and tests
    (`tests/test_x.py::test_y`) for a reader to open: each is there."""
    named = [(page, match) for page in pages() for match in NAMED.finditer(page.read_text())]
    assert len(named) > 100
    missing = [
        f"{page.relative_to(ROOT)}: {match[0]}"
        for page, match in named
        if not (ROOT / match[1]).exists()
        or (match[2] is not None and f"def {match[2]}(" not in (ROOT / match[1]).read_text())
    ]
    assert not missing


def test_a_link_to_a_missing_page_or_heading_is_found(tmp_path: Path) -> None:
    guide = tmp_path / "guide"
    guide.mkdir()
    (tmp_path / "RULES.md").write_text("# Rules\n\n## 6. Draw solitaire\n")
    (guide / "playing.md").write_text("# Playing\n\n## Cómo se juega (en español)\n")
    readme = tmp_path / "README.md"
    readme.write_text(
        "[ok](guide/playing.md) [ok](guide/playing.md#cómo-se-juega-en-español) "
        "[ok](RULES.md#6-draw-solitaire) [ok](#contack) [web](https://example.org/x.md)\n"
        "[gone](guide/gone.md) [no heading](guide/playing.md#controls) [typo](#contac)\n"
        "# Contack\n"
    )
    (guide / "more.md").write_text("[up](../RULES.md#rules) [up](../RULES.md#draw)\n")
    assert broken_links(tmp_path, [readme, guide / "more.md"]) == [
        "README.md: guide/gone.md",
        "README.md: guide/playing.md#controls",
        "README.md: #contac",
        "guide/more.md: ../RULES.md#draw",
    ]


def test_nothing_cites_a_spec_outside_the_repository() -> None:
    outside = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in text_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not outside
