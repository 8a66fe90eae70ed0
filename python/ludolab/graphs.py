"""Game graphs (seed 004): attractors and their ranks, on networkx graphs or links."""

from __future__ import annotations

from typing import Any, Dict, Hashable, Iterable, List, Tuple

from . import _core, _progress
from . import family_report as _family_report


def report(kind: str = "subtraction", progress: _progress.Progress = False, **keys: Any) -> Dict[str, Any]:
    """The report of an arena of the chapter (``kind``: ``subtraction``, ``chomp``,
    ``edges``) for ``keys`` (``ludolab graphs --kind KIND --json``)."""
    return _family_report("graphs", {"kind": kind, **keys}, progress=progress)


class Attractor(Dict[Hashable, int]):
    """An attractor: ``{node: rank}`` for the nodes in it, drawn in Jupyter as the
    page draws its last step (the attractor pale in the player's colour, its last
    layer strong, ranks under the vertices, the winning moves thick)."""

    def __init__(self, ranks: Dict[Hashable, int], nodes: List[Hashable], owner: List[int], edges: List[Tuple[int, int]], player: int) -> None:
        super().__init__(ranks)
        self._drawn = (nodes, owner, edges, player)

    def _repr_svg_(self) -> str:
        nodes, owner, edges, player = self._drawn
        ranks = [self.get(v) for v in nodes]
        return _core.attractor_svg(owner, edges, player, ranks, [str(v) for v in nodes])


def attractor(graph: Any, player: int, target: Iterable[Hashable]) -> Attractor:
    """The attractor of ``player`` (1 or 2) to ``target`` in ``graph``, a
    ``networkx.DiGraph`` whose nodes carry ``owner`` (1 or 2, the player who moves
    there): ``{node: rank}`` for the nodes in it, rank 0 for the target. A node of
    ``player`` is attracted when one successor is, a node of the other when all are
    (and it has one): the seed's ``Attracteur``, by the backward algorithm in O(V + E).
    """
    nodes = list(graph.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    try:
        owner = [int(graph.nodes[v]["owner"]) for v in nodes]
    except KeyError as missing:
        raise _core.LinkError(f"every node needs an owner (1 or 2): node {missing} has none") from None
    edges = [(index[a], index[b]) for a, b in graph.edges]
    aimed = []
    for t in target:
        if t not in index:
            raise _core.LinkError(f"target {t!r} is not a node of the graph")
        aimed.append(index[t])
    ranks = _core.attractor(owner, edges, int(player), aimed)
    return Attractor({nodes[i]: r for i, r in enumerate(ranks) if r is not None}, nodes, owner, edges, int(player))
