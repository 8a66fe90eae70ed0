"""The Python package's calls beside the command line's, in one run (BENCHMARKS.md, "Python").

    make bench-python        (a release wheel into target/py-bench, the release CLI, then this)

Each case runs the command line (a whole process: start, solve, JSON out) and the
Python call (in one process, the result as Python objects) in turn, ROUNDS times,
and prints the medians and their ratio; then the overhead of small calls (timeit).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

import ludolab
from ludolab.partizan import Game

ROOT = Path(__file__).resolve().parents[1]
CLI = os.environ.get("LUDOLAB_CLI", str(ROOT / "target" / "release" / "ludolab"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
OCTAL_HEAPS = int(os.environ.get("OCTAL_HEAPS", str(2**20)))
TWO_COUNTERS = int(os.environ.get("TWO_COUNTERS", "100"))


def cli(*args: str) -> None:
    subprocess.run([CLI, *args], check=True, stdout=subprocess.DEVNULL)


def timed(f) -> float:
    started = time.perf_counter()
    f()
    return time.perf_counter() - started


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    two_counters = tmp / "tc.pg"
    two_counters.write_text(ludolab.parity.generate("two-counters", TWO_COUNTERS))
    board = "/".join(["....."] * 5)
    cases = [
        (f"grundy('0.376', {OCTAL_HEAPS})", lambda: cli("octal", "0.376", "--up-to", str(OCTAL_HEAPS), "--json", "--whole"), lambda: ludolab.impartial.grundy("0.376", OCTAL_HEAPS)),
        (f"Two Counters {TWO_COUNTERS} (parity, portfolio, verified)", lambda: cli("parity", "--file", str(two_counters), "--json"), lambda: ludolab.parity.solve(two_counters)),
        ("Domineering 5 × 5 (value)", lambda: cli("partizan", "--ruleset", "domineering", "--position", board, "--json"), lambda: Game.position("domineering", board)),
    ]
    print(f"| case | command line (s) | Python (s) | Python / CLI |")
    print(f"|---|---|---|---|")
    for name, by_cli, by_python in cases:
        c, p = [], []
        for _ in range(ROUNDS):
            c.append(timed(by_cli))
            p.append(timed(by_python))
        mc, mp = statistics.median(c), statistics.median(p)
        print(f"| {name} | {mc:.3f} | {mp:.3f} | {mp / mc:.2f} |", flush=True)
    print()
    print("| small call | µs per call (best of 5 × 2,000) |")
    print("|---|---|")
    small = [
        ("ludolab.link('game=snakes')", lambda: ludolab.link("game=snakes")),
        ("ludolab.report('game=graphs&kind=subtraction&sticks=5')", lambda: ludolab.report("game=graphs&kind=subtraction&sticks=5")),
        ("ludolab.impartial.grundy('0.77', 10)", lambda: ludolab.impartial.grundy("0.77", 10)),
        ("Game('*') + Game('^')", lambda: Game("*") + Game("^")),
    ]
    for name, f in small:
        best = min(timeit.repeat(f, number=2000, repeat=5)) / 2000
        print(f"| `{name}` | {best * 1e6:.1f} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
