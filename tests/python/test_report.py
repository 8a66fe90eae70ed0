"""The generic entry is the command line's: ``ludolab.report(link)`` is the dict
``ludolab report LINK --json`` prints, on every family's default link and on a
seeded sample of the link sweep's (valid and invalid)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import ludolab
from ludolab import _core

# Keys that measure the run (its time, its process's memory): compared as present, not as values.
TIMINGS = {"seconds", "solve_seconds", "read_seconds", "ms", "elapsed_ms", "nodes_per_second", "peak_memory_mb"}


def same(a, b, path="$"):
    """Equal JSON, timings aside; floats to the last bit but for NaN-free rounding of
    a release build against the CLI's debug build (1e-12 relative)."""
    if isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), f"{path}: keys {sorted(set(a) ^ set(b))}"
        for k in a:
            if k not in TIMINGS and "seconds" not in k:
                same(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{path}: lengths {len(a)} and {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, float) or isinstance(b, float):
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300), f"{path}: {a} and {b}"
    else:
        assert a == b, f"{path}: {a!r} and {b!r}"


@pytest.mark.parametrize("game", _core.families())
def test_every_familys_default_link_reports_as_the_command_line(cli, game):
    theirs, error = cli("report", f"game={game}")
    assert error is None, error
    ours = ludolab.report(f"game={game}")
    same(ours, theirs)
    assert ludolab.link({"game": game}) == cli_link(cli, f"game={game}")


def cli_link(cli, query):
    import subprocess

    from conftest import cli_path

    return subprocess.run([str(cli_path()), "link", query], capture_output=True, text=True, check=True).stdout.strip()


SAMPLE = _core.sweep_links(20261202, 40, 0.5)


@pytest.mark.parametrize("query", SAMPLE)
def test_a_seeded_sample_of_links_reports_or_fails_as_the_command_line(cli, query):
    theirs, error = cli("report", query)
    if error is not None:
        with pytest.raises(ludolab.LudolabError) as raised:
            ludolab.report(query)
        assert str(raised.value) == error
        assert isinstance(raised.value, ValueError)
    else:
        same(ludolab.report(query), theirs)


def test_a_link_is_a_string_an_address_or_a_dict():
    by_text = ludolab.report("game=graphs&kind=chomp&rows=4&cols=3")
    by_address = ludolab.report("https://example.org/ludolab/#game=graphs&kind=chomp&rows=4&cols=3")
    by_dict = ludolab.report({"game": "graphs", "kind": "chomp", "rows": 4, "cols": 3})
    assert by_text == by_address == by_dict
    assert ludolab.link({"game": "graphs", "kind": "chomp", "rows": 4, "cols": 3}).startswith("game=graphs&v=1&kind=chomp")


def test_errors_name_the_value_and_the_allowed_range():
    with pytest.raises(ludolab.LinkError, match=r'invalid value "99999" for "squares" \(expected a whole number from 2 to 2500\)'):
        ludolab.report("game=snakes&squares=99999")
    with pytest.raises(ludolab.LinkError, match="unknown key"):
        ludolab.snakes.report(colour="red")
    with pytest.raises(ValueError, match="game"):
        ludolab.report("game=chess")
    with pytest.raises(TypeError):
        ludolab.report(42)


def test_a_board_that_never_ends_gives_undefined_entries_not_zeros():
    # A snake on every square the die reaches: from 0 and 1 nobody finishes.
    keys = dict(squares=4, snake="2:1,3:1", die="1,2", method="exact")
    P, E = ludolab.snakes.matrices(**keys)
    assert np.isnan(P[0, 0]) and np.isnan(E[1, 2]) and P[3, 3] == 1.0
    Px, _ = ludolab.snakes.matrices(exact=True, **keys)
    assert Px[0, 0] is None and Px[3, 3] == 1
    assert "trapped" in ludolab.snakes.report(**keys)["undefined"]["en"]


def test_version_is_the_crates():
    import re
    from pathlib import Path

    cargo = (Path(__file__).resolve().parents[2] / "Cargo.toml").read_text()
    assert ludolab.__version__ == re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)
