"""Connect Four (4–7 × 4–6), solved exactly as the page and ``ludolab connect4`` do."""

from __future__ import annotations

from typing import Any, Dict

from . import _progress
from . import family_report as _family_report


class Position(dict):
    """A solved position: the command line's dict, drawn in Jupyter as the page's board."""

    def _repr_svg_(self) -> str:
        from .drawing import connect4

        return connect4(self).svg


def solve(moves: str = "", width: int = 7, height: int = 6, columns: bool = True, progress: _progress.Progress = False) -> Position:
    """The position after ``moves`` (columns 1..width as digits, ``"4453"``): the
    command line's dict (``ludolab connect4 --moves M --analyze --json``): ``score`` in
    Pons' convention (positive: the player to move wins, the larger the sooner),
    ``column_scores`` (each column's score, None for a full one) with ``columns``.

    >>> solve("44444", width=7, height=6)["score"]   # doctest: +SKIP
    """
    keys = {"width": width, "height": height}
    if moves:
        keys["moves"] = moves
    return Position(_family_report("connect4", keys, tasks=["columns"] if columns else [], progress=progress))
