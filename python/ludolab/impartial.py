"""Impartial games (seed 003): Grundy values, octal games, misère quotients.

>>> g = grundy("0.77", 12)      # Kayles
>>> g.tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Union

import numpy as np

from . import _core, _progress
from . import family_report as _family_report


def report(mode: str = "octal", progress: _progress.Progress = False, **keys: Any) -> Dict[str, Any]:
    """The report of the chapter's ``mode`` (``nim``, ``octal``, ``subtraction``, ``graph``,
    ``misere``, ``quotient``, …) for ``keys`` (``ludolab impartial --mode MODE --json``)."""
    return _family_report("impartial", {"mode": mode, **keys}, progress=progress)


def grundy(code: Union[str, Iterable[int]], n: int, progress: _progress.Progress = False) -> np.ndarray:
    """The Grundy values G(0), …, G(n) as a uint32 array (n + 1 values).

    ``code`` is an octal code (``"0.77"`` Kayles, ``"0.137"`` Dawson's chess, ``"4.07"``),
    ``"grundy"`` (Grundy's game), or a subtraction set (``[1, 2, 3]`` or ``"1,2,3"``).
    The command line's engine (``ludolab octal CODE --up-to N``): to 2²⁵ heaps.
    """
    if isinstance(code, str) and ("." in code or code.strip().lower() == "grundy"):
        cb = _progress.callback(progress, f"G of {code}")
        try:
            raw = _core.grundy_octal(code, int(n), cb)
        finally:
            _progress.close(cb)
    else:
        takes = [int(t) for t in code.split(",")] if isinstance(code, str) else [int(t) for t in code]
        raw = _core.grundy_subtraction(takes, int(n))
    return np.frombuffer(raw, dtype="<u2").astype(np.uint32)


def misere_quotient(code: str, heap_limit: int = 30, heaps: Union[str, Iterable[int], None] = None, progress: _progress.Progress = False) -> Dict[str, Any]:
    """The misère quotient of the octal game ``code`` from heaps up to ``heap_limit``
    (Plambeck–Siegel): its report as ``ludolab misere --quotient --json`` prints it
    (elements, relations, P-portion, and the outcome of ``heaps``)."""
    keys: Dict[str, Any] = {"code": code, "heap_limit": heap_limit}
    if heaps is not None:
        keys["heaps"] = heaps
    return report("quotient", progress=progress, **keys)
