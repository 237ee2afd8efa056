"""Named scene factories for `tools/screenshot.py` (and tests).

A scene module registers its own targets with the decorator, e.g.

    @screenshot_target("table-7")
    def _seven_seats(app: App, record: dict | None) -> Scene: ...

`tools/screenshot.py` imports every module of `game.scenes` so their registrations run.
A factory gets the app and the parsed `--record` file (or None), and returns the scene
to push above the menu.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

Factory = Callable[["App", "dict[str, Any] | None"], "Scene | None"]

TARGETS: dict[str, Factory] = {}
"""Target name -> factory; a factory returning None means "the menu itself"."""


def screenshot_target(name: str) -> Callable[[Factory], Factory]:
    """Register `factory` under `name`."""
    def register(factory: Factory) -> Factory:
        TARGETS[name] = factory
        return factory

    return register


def load_all_targets() -> dict[str, Factory]:
    """Import every scene module (so each registers its targets) and return them all."""
    import game.scenes

    for module in pkgutil.iter_modules(game.scenes.__path__):
        importlib.import_module(f"game.scenes.{module.name}")
    return TARGETS
