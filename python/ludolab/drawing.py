"""The page's drawings in a notebook: SVG made by the core's own drawing code.

>>> import numpy as np
>>> d = heatmap(np.eye(3), x_label="j", y_label="i")
>>> d.svg.startswith("<svg")
True
"""

from __future__ import annotations

import json as _json
from typing import Any, Optional

import numpy as np

from . import _core


class Drawing:
    """An SVG drawing: shown inline by Jupyter (``_repr_svg_``), saved by :meth:`save`."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: str) -> None:
        """Writes the SVG document to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)

    def __repr__(self) -> str:
        return f"<Drawing: SVG, {len(self.svg):,} characters>"


def heatmap(
    matrix: Any,
    x_label: str = "",
    y_label: str = "",
    palette: Optional[str] = None,
    categorical: bool = False,
    decimals: int = 2,
    row_start: int = 0,
    col_start: int = 0,
    width: int = 560,
    undefined_label: str = "not defined",
) -> Drawing:
    """A matrix as the page draws it: viridis (or ``palette="diverging"``: red–white–blue
    centred on 0), axis titles, ticks, a colour bar or, with ``categorical``, a legend of
    its values; NaN cells grey, labelled ``undefined_label``. Row 0 at the top.

    For example ``heatmap(P, "opponent's square", "square of the player to move")`` on
    :func:`ludolab.snakes.matrices`' P, or ``heatmap(OPT, "N − opponent's score",
    "N − own score", categorical=True)`` on :func:`ludolab.dice.eg_opt`'s OPT.
    """
    values = np.asarray(matrix, dtype=np.float64)
    if values.ndim != 2:
        raise _core.LinkError(f"a heat map needs a 2-dimensional array, got {values.ndim} dimensions")
    rows, cols = values.shape
    options = {
        "xLabel": x_label,
        "yLabel": y_label,
        "categorical": bool(categorical),
        "decimals": int(decimals),
        "rowStart": int(row_start),
        "colStart": int(col_start),
        "undefinedLabel": undefined_label,
    }
    if palette is not None:
        options["palette"] = palette
    return Drawing(_core.heatmap_svg(values.ravel().tolist(), rows, cols, int(width), _json.dumps(options)))


def game_tree(game: Any) -> Drawing:
    """A partizan game's canonical form as the page's game tree: Left's options on
    blue branches, Right's on red ones, at most 40 nodes and 4 levels (a dashed ring:
    options not drawn). ``Game`` shows itself so in Jupyter."""
    return Drawing(_core.game_tree_svg(game._canonical))


def thermograph(game: Any, width: int = 560) -> Drawing:
    """A partizan game's thermograph as the page draws it (Winning Ways' axes: the
    tax up, larger values to the left, walls at 45°, the mast dashed at the mean)."""
    return Drawing(_core.thermograph_svg(game._thermograph, float(width)))


def parity_game(solution: Any) -> Optional[Drawing]:
    """A solved parity game as the page draws it (priorities in the vertices, blue
    won by Even, orange by Odd, the winning moves thick, the start ringed), or None
    beyond the page's drawing limit (60 vertices, 240 edges)."""
    drawn = solution.report.get("drawing")
    if drawn is None:
        return None
    return Drawing(_core.parity_svg(_json.dumps(drawn), solution.report.get("start")))


def connect4(position: Any) -> Drawing:
    """A Connect Four position (:func:`ludolab.connect4.solve`'s dict) as the page's
    board, each column's score above it when the columns were scored."""
    scores = position.get("column_scores") or []
    return Drawing(_core.connect4_svg(int(position["width"]), int(position["height"]), list(position["cells"]), list(scores)))
