"""The rules' classes are shaped by meaning: each name is imported from the one module
that defines it (no `import X as X` re-exports; record.py's go with the typed records),
and no class of the rules extends another of ours to replace its members wholesale."""

import ast
import importlib
import inspect
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "game" / "rules"
MAX_OVERRIDES = 4
NOT_MEMBERS = {"__doc__", "__module__", "__qualname__", "__dict__", "__weakref__"}
NOT_MEMBERS |= {"__annotations__", "__slots__", "__firstlineno__", "__static_attributes__"}


def test_no_module_of_the_rules_re_exports_a_name() -> None:
    found = []
    for path in sorted(RULES.glob("*.py")):
        if path.name == "record.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom | ast.Import):
                found += [f"{path.name}: {a.name}" for a in node.names if a.asname == a.name]
    assert not found


def test_no_class_of_the_rules_overrides_more_than_four_members_of_another_of_ours() -> None:
    too_many = {}
    for path in sorted(RULES.glob("*.py")):
        module = importlib.import_module(f"game.rules.{path.stem}")
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            own = set(vars(cls)) - NOT_MEMBERS
            for base in cls.__mro__[1:]:
                if base.__module__.startswith("game."):
                    overridden = own & set(vars(base))
                    if len(overridden) > MAX_OVERRIDES:
                        too_many[f"{cls.__name__}({base.__name__})"] = sorted(overridden)
    assert not too_many
