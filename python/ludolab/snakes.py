"""Two-player Snakes and Ladders (seed 000): P and E of every pair of squares.

Keyword arguments are the link's keys (``preset``, ``squares``, ``ladder``,
``snake``, ``die``, ``rule``, ``matrix``, ``method``, …), as on the page and
the command line (``ludolab snakes --help`` lists them with their ranges).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, Tuple

import numpy as np

from . import _progress
from . import family_report as _family_report


def report(progress: _progress.Progress = False, **keys: Any) -> Dict[str, Any]:
    """The family's report (``ludolab snakes --json``) for ``keys``."""
    return _family_report("snakes", keys, progress=progress)


def matrices(exact: bool = False, progress: _progress.Progress = False, **keys: Any) -> Tuple[np.ndarray, np.ndarray]:
    """``(P, E)``: ``P[i, j]`` the probability that the player on square ``i``, to move,
    wins against one on ``j``; ``E[i, j]`` the expected number of moves left. They solve
    the seed's ``P + A Pᵀ = J`` and ``E − A Eᵀ = J`` (row ``n`` and column ``n``: the goal).

    ``exact=True`` solves with exact fractions (``method=exact``) and returns object
    arrays of :class:`fractions.Fraction`; otherwise float64 arrays. Where a game can
    last forever (a trap), P and E are not defined: NaN (None in exact arrays), and the
    report's ``undefined`` says which squares.

    >>> P, E = matrices(preset="grid1")
    >>> round(float(P[0, 0]), 6)
    0.666667
    """
    if exact:
        keys.setdefault("method", "exact")
    r = report(progress=progress, **keys)
    if exact:
        if "p_exact" not in r:
            raise ValueError(f"exact matrices need method=exact (given: method={r.get('method')})")
        to_fraction = np.vectorize(lambda x: None if x is None else Fraction(x), otypes=[object])
        return to_fraction(np.array(r["p_exact"], dtype=object)), to_fraction(np.array(r["e_exact"], dtype=object))
    # None (undefined) becomes NaN.
    return np.array(r["p"], dtype=np.float64), np.array(r["e"], dtype=np.float64)


def transition(**keys: Any) -> np.ndarray:
    """A, the one-move transition matrix of the board (float64): ``A[i, j]`` the
    probability that a move from square ``i`` ends on ``j``."""
    return np.array(report(**keys)["a"], dtype=np.float64)
