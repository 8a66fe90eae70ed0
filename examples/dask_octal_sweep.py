"""Every octal game of up to 3 digits to 2¹⁶ heaps, on a Dask cluster.

Each code is one task: ``ludolab.impartial.report("octal", code=…, up_to=…)``,
the command line's ``ludolab octal CODE --up-to N`` (period, pre-period, and
whether the period is proved), run on whichever worker Dask picks. Dask
schedules, retries and moves the results; Ludolab computes. With ``--check``
the answers are compared with the table the command line prints
(``ludolab octal-table --digits D --up-to N``), computed here in one process.

On this machine (a local cluster of worker processes, one per core)::

    pip install '.[dask]'
    python examples/dask_octal_sweep.py --digits 3 --up-to 65536

On a real cluster: start a scheduler and workers where Ludolab is installed
(``pip install ludolab[dask]`` in the same environment on every machine, or the
same container image), for example ``dask scheduler`` on one machine and
``dask worker tcp://SCHEDULER:8786 --nworkers 1 --nthreads 1`` on each of the
others (one thread per worker: the octal engine uses both cores of a machine by
itself for long runs), or a Kubernetes, SLURM or cloud deployment through
dask-kubernetes, dask-jobqueue or coiled, then::

    python examples/dask_octal_sweep.py --scheduler tcp://SCHEDULER:8786

Results are written as CSV (``--out``), one line per code: its code, period,
pre-period, whether the period is proved, the largest value and where, and the
seconds its worker took.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from typing import Any, Dict, List


def codes(digits: int) -> List[str]:
    """The codes of the table, as the core lists them (equivalent codes included)."""
    import ludolab

    table = ludolab.impartial.report("table", digits=digits, up_to=1)
    return [row["code"] for row in table["rows"]]


def solve(code: str, up_to: int) -> Dict[str, Any]:
    """One code's answer on a worker."""
    import ludolab

    started = time.perf_counter()
    r = ludolab.impartial.report("octal", code=code, up_to=up_to)
    return {
        "code": code,
        "period": r["period"],
        "preperiod": r["preperiod"],
        "proven": r["proven"],
        "largest": r["largest"]["value"],
        "largest_at": r["largest"]["at"],
        "seconds": round(time.perf_counter() - started, 3),
    }


def sweep(client: Any, digits: int, up_to: int) -> List[Dict[str, Any]]:
    """Every code's answer, computed on ``client``'s cluster, in the table's order."""
    all_codes = codes(digits)
    # pure=True: the same code asked twice is one task (Dask keys it by its arguments).
    futures = client.map(solve, all_codes, up_to=up_to, pure=True)
    return client.gather(futures)


def check(results: List[Dict[str, Any]], digits: int, up_to: int) -> int:
    """Differences from the command line's table (its rows computed in full)."""
    import ludolab

    table = ludolab.impartial.report("table", digits=digits, up_to=up_to)
    by_code = {r["code"]: r for r in results}
    differences = 0
    for row in table["rows"]:
        if row.get("same_as") is not None:
            continue
        ours = by_code[row["code"]]
        theirs = (row["period"], row["preperiod"], row["proven"], row["largest"]["value"])
        if (ours["period"], ours["preperiod"], ours["proven"], ours["largest"]) != theirs:
            print(f"{row['code']}: dask {ours} table {theirs}", file=sys.stderr)
            differences += 1
    return differences


def main(argv: List[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--digits", type=int, default=3, help="digits of the codes (1 to 3; default 3)")
    parser.add_argument("--up-to", type=int, default=2**16, help="heaps (default 2^16)")
    parser.add_argument("--scheduler", help="a running scheduler's address (tcp://host:8786); default: a local cluster")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster (default 2)")
    parser.add_argument("--out", help="write the results as CSV here")
    parser.add_argument("--check", action="store_true", help="compare with the command line's table (computed here)")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        started = time.perf_counter()
        results = sweep(client, args.digits, args.up_to)
        seconds = time.perf_counter() - started
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    proved = sum(1 for r in results if r["proven"])
    print(f"{len(results)} codes of up to {args.digits} digits to {args.up_to} heaps in {seconds:.1f} s: {proved} periods proved")
    if args.out:
        with open(args.out, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(results[0]))
            writer.writeheader()
            writer.writerows(results)
    if args.check:
        differences = check(results, args.digits, args.up_to)
        print("equal to the command line's table" if differences == 0 else f"{differences} codes differ from the table")
        return 1 if differences else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
