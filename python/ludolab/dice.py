"""Dice Battle (seed 001): the sequential game's EG and OPT, strategies compared.

Keyword arguments are the link's keys: ``dice`` (D, most dice per turn),
``target`` (N, points to reach), ``first``, ``second``, ``exact``, …
"""

from __future__ import annotations

from typing import Any, Dict, Tuple

import numpy as np

from . import _progress
from . import family_report as _family_report


def report(mode: str = "sequential", progress: _progress.Progress = False, **keys: Any) -> Dict[str, Any]:
    """The report of ``mode`` (``sequential``, ``compare``, ``one-turn``) for ``keys``."""
    return _family_report("dice", {"mode": mode, **keys}, progress=progress)


def eg_opt(progress: _progress.Progress = False, **keys: Any) -> Tuple[np.ndarray, np.ndarray]:
    """``(EG, OPT)`` of the sequential game: ``EG[i, j]`` the first player's expected gain
    (win 1, loss −1) at scores ``i`` (to move) and ``j``, both playing optimally; ``OPT[i, j]``
    the number of dice to throw there. Arrays of N × N (float64, int64).

    >>> EG, OPT = eg_opt(dice=10, target=100)
    >>> int(OPT[0, 0])
    6
    """
    r = report("sequential", progress=progress, **keys)
    return np.array(r["eg"], dtype=np.float64), np.array(r["opt"], dtype=np.int64)
