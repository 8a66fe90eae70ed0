"""Ludolab: exact mathematics of games of chance and strategy.

The same Rust core as the page (https://…/#game=…) and the command line
(``ludolab report LINK --json``), as a Python package:

>>> import ludolab
>>> r = ludolab.report("game=snakes&preset=audet")
>>> round(r["p00"], 4)
0.5087

:func:`report` answers any share link with the command line's JSON, as a
dict; each family's module (:mod:`ludolab.snakes`, :mod:`ludolab.dice`,
:mod:`ludolab.orchard`, :mod:`ludolab.impartial`, :mod:`ludolab.graphs`,
:mod:`ludolab.parity`, :mod:`ludolab.connect4`, :mod:`ludolab.partizan`)
gives numpy arrays and Python objects, with the link's keys as keyword
arguments. Every solve releases the GIL, stops on Ctrl-C, and raises
:class:`LudolabError` (a ``ValueError``) with the command line's message on
a bad input.
"""

from __future__ import annotations

import json as _json
from typing import Any, Dict, Iterable, List

from . import _core, _link, _progress
from ._core import LinkError, LudolabError, NeverEndsError, SolveError, TooLargeError

__version__: str = _core.__version__

__all__ = [
    "report",
    "link",
    "families",
    "LudolabError",
    "LinkError",
    "TooLargeError",
    "NeverEndsError",
    "SolveError",
    "snakes",
    "dice",
    "orchard",
    "impartial",
    "graphs",
    "parity",
    "connect4",
    "partizan",
    "drawing",
]


def report(link: _link.Link, tasks: Iterable[str] = (), progress: _progress.Progress = False) -> Dict[str, Any]:
    """The report of a share link: exactly what ``ludolab report LINK --json`` prints.

    ``link`` is the part of a share link after ``#`` (``game=graphs&kind=chomp&rows=4&cols=3``),
    a whole address, or a dict of the same keys (``{"game": "snakes", "preset": "audet"}``).
    ``tasks`` runs a family's follow-up tasks after the report (Connect Four's ``columns``,
    Orchard's sweeps) and adds their keys. ``progress=True`` shows a tqdm bar (when tqdm is
    installed); a function receives the fraction done.

    Raises :class:`LinkError` for a key or value the family refuses (the message names it and
    what is allowed), :class:`TooLargeError` beyond a solver's limit, ``KeyboardInterrupt`` on
    Ctrl-C (within a tenth of a second).
    """
    return _json.loads(_report(_link.query(link), list(tasks), False, progress))


def _report(query: str, tasks: List[str], command_line: bool, progress: _progress.Progress) -> str:
    cb = _progress.callback(progress, query.split("&", 1)[0].replace("game=", ""))
    try:
        return _core.report(query, tasks, command_line, cb)
    finally:
        _progress.close(cb)


def family_report(game: str, keys: Dict[str, Any], tasks: Iterable[str] = (), progress: _progress.Progress = False) -> Dict[str, Any]:
    """The report of ``game`` with ``keys`` as keyword arguments (the link's
    names), read as the command line reads its flags (its ranges, which reach
    beyond the page's)."""
    return _json.loads(_report(_link.of(game, keys), list(tasks), True, progress))


def link(link: _link.Link) -> str:
    """The canonical form of a share link (``ludolab link``): every key in the family's
    order, defaults written out, so that equal scenarios give equal links."""
    return _core.link(_link.query(link))


def families() -> List[str]:
    """Every family's ``game`` key, in the page's menu order."""
    return list(_core.families())


from . import connect4, dice, drawing, graphs, impartial, orchard, parity, partizan, snakes  # noqa: E402
