"""Orchard (Le Verger, seed 002): the players' win probability by basket strategy.

Keyword arguments are the link's keys: ``trees``, ``fruits``, ``crows``, ``basket``, …
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict

from . import _progress
from . import family_report as _family_report


def report(progress: _progress.Progress = False, **keys: Any) -> Dict[str, Any]:
    """The family's report (``ludolab orchard --json``) for ``keys``."""
    return _family_report("orchard", keys, progress=progress)


def win_probability(progress: _progress.Progress = False, **keys: Any) -> Dict[str, Fraction]:
    """Each basket strategy's exact probability that the players pick every fruit
    before the crow completes: ``{"max": Fraction(…), "min": …, "random": …, "optimal": …}``.

    >>> p = win_probability()
    >>> round(float(p["max"]), 4)
    0.684
    """
    r = report(progress=progress, exact=True, **keys)
    return {row["strategy"]: Fraction(int(row["win_probability"]["numerator"]), int(row["win_probability"]["denominator"])) for row in r["exact"]}
