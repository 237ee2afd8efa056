"""The build step setuptools cannot do from pyproject.toml alone: compile the language
catalogues (`game/locale/*/LC_MESSAGES/contack.po`) to the `.mo` files gettext reads,
with Babel, so that every install (editable ones too) speaks every language."""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogues() -> None:
    """Write each `.po` catalogue's `.mo` beside it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po_path in sorted(Path(__file__).parent.glob("game/locale/*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as po_file:
            catalogue = read_po(po_file)
        with po_path.with_suffix(".mo").open("wb") as mo_file:
            write_mo(mo_file, catalogue)


class BuildWithCatalogues(build_py):
    """`build_py` that compiles the catalogues first."""

    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
