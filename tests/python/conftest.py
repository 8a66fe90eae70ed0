"""Shared by the Python tests: the command line to compare with.

make test runs them after the native tests' build, whose ``target/debug/ludolab``
is the CLI; ``LUDOLAB_CLI`` names another build.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli_path() -> Path:
    path = Path(os.environ.get("LUDOLAB_CLI", ROOT / "target" / "debug" / "ludolab"))
    if not path.exists():
        raise RuntimeError(f"the command line is not built at {path}: cargo build --bin ludolab, or set LUDOLAB_CLI")
    return path


@pytest.fixture(scope="session")
def cli():
    """Runs ``ludolab ARGS --whole``: (parsed JSON or None, the error line or None).

    ``--whole``: Python's answers are whole, and the terminal's above 4 MB are summarised.
    """
    path = cli_path()

    def run(*args: str):
        done = subprocess.run([str(path), *args, "--whole"], capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            return None, done.stderr.strip().removeprefix("error: ")
        return json.loads(done.stdout), None

    return run


@pytest.fixture(scope="session")
def data():
    return ROOT / "tests" / "data"
