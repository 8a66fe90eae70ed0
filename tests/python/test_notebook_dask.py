"""The example notebook runs in a Jupyter kernel with no error, and the Dask
example computes the octal table on a local cluster of two worker processes,
equal to the command line's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_notebook_runs():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(ROOT / "docs" / "ludolab.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors
    texts = "".join(o.get("data", {}).get("text/plain", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    assert "(True, True, True)" in texts
    drawings = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {})]
    # Two heat maps, the attractor, the parity game, the game tree, the thermograph, the board.
    assert len(drawings) == 7, "the drawings are shown inline as SVG"
    assert all(o["data"]["image/svg+xml"].lstrip().startswith("<svg") for o in drawings)


def test_the_dask_example_runs_on_two_worker_processes(tmp_path):
    pytest.importorskip("dask.distributed")
    out = tmp_path / "table.csv"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "dask_octal_sweep.py"), "--digits", "2", "--up-to", "1024", "--workers", "2", "--check", "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "equal to the command line's table" in done.stdout
    lines = out.read_text().splitlines()
    assert lines[0].startswith("code,period,preperiod,proven") and len(lines) > 100
