r"""Parity games (PGSolver's format): winning regions and strategies, verified.

Two vertices in a cycle: 0 (priority 2, Even's) and 1 (priority 1, Odd's). The
highest priority seen forever is 2, even: Even wins both.

>>> s = solve("parity 1;\n0 2 0 1;\n1 1 1 0;\n")
>>> s.won_by_even, s.won_by_odd, s.strategy
([0, 1], [], {0: 1})
"""

from __future__ import annotations

import json as _json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Hashable, List, Optional, Union

from . import _core, _link, _progress

@dataclass
class Solution:
    """A solved parity game: who wins each vertex and how.

    ``won_by_even`` and ``won_by_odd`` are sorted lists of vertices (the file's ids, or
    a graph's nodes); ``strategy`` maps every vertex its winner owns to the successor
    it moves to. The solution passed the verifier (``report["verified"]``).
    """

    won_by_even: List[Hashable]
    won_by_odd: List[Hashable]
    strategy: Dict[Hashable, Hashable]
    report: Dict[str, Any] = field(repr=False)

    @property
    def solver(self) -> str:
        """The solver that finished (the portfolio's choice, or the one asked for)."""
        return self.report["finished_by"]

    def _repr_svg_(self) -> Optional[str]:
        from .drawing import parity_game

        drawn = parity_game(self)
        return None if drawn is None else drawn.svg


GameInput = Union[str, bytes, "os.PathLike[str]", Any]


def _text_of_graph(graph: Any) -> tuple:
    """PGSolver's text of a networkx DiGraph whose nodes carry ``owner`` (0 Even, 1 Odd)
    and ``priority``, and the nodes in the order of their ids."""
    nodes = list(graph.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    lines = [f"parity {max(len(nodes) - 1, 0)};"]
    for v in nodes:
        data = graph.nodes[v]
        if "owner" not in data or "priority" not in data:
            raise _core.LinkError(f"node {v!r} needs an owner (0 Even, 1 Odd) and a priority")
        successors = ",".join(str(index[w]) for w in graph.successors(v))
        name = str(v).replace('"', "'")
        lines.append(f'{index[v]} {int(data["priority"])} {int(data["owner"])} {successors} "{name}";')
    return ("\n".join(lines) + "\n").encode(), nodes


def _bytes(game: GameInput) -> tuple:
    if hasattr(game, "nodes") and hasattr(game, "successors"):
        return _text_of_graph(game)
    if isinstance(game, bytes):
        return game, None
    if isinstance(game, os.PathLike) or (isinstance(game, str) and not game.lstrip().startswith("parity") and os.path.exists(game)):
        with open(game, "rb") as f:
            return f.read(), None
    if isinstance(game, str):
        return game.encode(), None
    raise TypeError(f"a parity game is PGSolver's text, a path, bytes or a networkx.DiGraph, not {type(game).__name__}")


def solve(game: GameInput, solver: Optional[str] = None, progress: _progress.Progress = False) -> Solution:
    """Solves ``game``: PGSolver's text, a path to a ``.pg`` or ``.pg.gz`` file, bytes,
    or a ``networkx.DiGraph`` whose nodes carry ``owner`` (0 Even, 1 Odd) and
    ``priority``. ``solver`` as the link's key (the portfolio by default). Every
    preprocessing step runs, then the solver component by component; the solution is
    verified (a failure raises :class:`ludolab.SolveError`)."""
    data, nodes = _bytes(game)
    keys = _link.of("parity", {"solver": solver})
    cb = _progress.callback(progress, "parity")
    try:
        report = _json.loads(_core.parity_solve(data, keys, cb))
    finally:
        _progress.close(cb)
    name = (lambda i: nodes[i]) if nodes is not None else (lambda i: i)
    return Solution(
        won_by_even=[name(v) for v in report["won_by_even"]],
        won_by_odd=[name(v) for v in report["won_by_odd"]],
        strategy={name(v): name(w) for v, w in report["strategy"]},
        report=report,
    )


def generate(source: str, size: Optional[int] = None, seed: Optional[int] = None, **keys: Any) -> str:
    """A generated game in PGSolver's format: ``source`` as the link's (``random``,
    ``ladder``, ``recursive-ladder``, ``jurdzinski``, Oink's ``counter-rr``,
    ``counter-dp``, ``counter-m``, ``counter-qpt``, ``counter-core``, ``two-counters``).
    ``size`` is a random game's vertices and the other families' n; other keys
    (``priorities``, ``levels``, ``breadth``, …) by name."""
    if size is not None:
        keys["vertices" if source == "random" else "size"] = size
    return _core.parity_generate(_link.of("parity", {"source": source, "seed": seed, **keys}))

