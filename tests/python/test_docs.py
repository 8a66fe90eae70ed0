"""The package documents itself: every example in its docstrings runs, every
function of the compiled core is in its stubs (``_core.pyi``), and the package
is typed (``py.typed``)."""

from __future__ import annotations

import doctest
import importlib
import inspect
from pathlib import Path

import pytest

import ludolab
from ludolab import _core

MODULES = ["ludolab"] + [f"ludolab.{m}" for m in ("snakes", "dice", "orchard", "impartial", "graphs", "parity", "connect4", "partizan", "drawing")]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_run(name):
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    if name in ("ludolab", "ludolab.snakes", "ludolab.impartial", "ludolab.partizan", "ludolab.parity"):
        assert tried > 0, f"{name} has no example"


def test_the_stubs_name_every_function_of_the_core():
    package = Path(ludolab.__file__).parent
    stubs = (package / "_core.pyi").read_text()
    assert (package / "py.typed").exists()
    for name, value in vars(_core).items():
        if not name.startswith("_") and (inspect.isbuiltin(value) or inspect.isclass(value)):
            assert f"def {name}(" in stubs or f"class {name}" in stubs, name


def test_every_ruleset_of_the_core_has_its_constructor():
    for name in ludolab.partizan.Game.rulesets():
        if name != "expr":
            assert callable(getattr(ludolab.partizan.Game, name)), name
