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
