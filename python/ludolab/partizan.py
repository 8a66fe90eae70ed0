"""Partizan games (Winning Ways, CGSuite's notation): values in canonical form.

>>> from ludolab.partizan import Game
>>> up = Game("^")
>>> (up + up + Game("*")) == Game("{0|^}")
True
>>> Game.domineering("./.").outcome       # a column of two: Left's vertical domino only
'L'
"""

from __future__ import annotations

import json as _json
from fractions import Fraction
from typing import Any, Dict

from . import _core, _progress

Game = _core.Game


def _fraction(text: str) -> Fraction:
    return Fraction(text)


def _mean(self: Any) -> Fraction:
    """The mean value (exact): the thermograph's mast."""
    return _fraction(self._thermal[0])


def _temperature(self: Any) -> Fraction:
    """The temperature (exact; −1/2ᵏ below zero for a number, as CGSuite's)."""
    return _fraction(self._thermal[1])


def _canonical(self: Any) -> Dict[str, Any]:
    """The canonical form, nested: ``{"value", "display", "left", "right"}`` as the
    command line's JSON writes it (a number has no options written)."""
    return _json.loads(self._canonical)


def _thermograph(self: Any) -> Dict[str, Any]:
    """The thermograph's walls, as the page's report has them."""
    return _json.loads(self._thermograph)


def _repr_svg_(self: Any) -> str:
    from .drawing import game_tree

    return game_tree(self).svg


Game.mean = property(_mean)
Game.temperature = property(_temperature)
Game.canonical = property(_canonical)
Game.thermograph = property(_thermograph)
Game._repr_svg_ = _repr_svg_


def _of_ruleset(name: str):
    def make(cls: Any, position: str, progress: _progress.Progress = False) -> Any:
        cb = _progress.callback(progress, name)
        try:
            return cls.position(name, position, cb)
        finally:
            _progress.close(cb)

    make.__name__ = name
    make.__doc__ = f"The value of a {name} position, written as the page's link writes it."
    return classmethod(make)


# One constructor per ruleset the core lists (Game.domineering("../.."), Game.toads("TT.FF"), …).
for _name in Game.rulesets():
    if _name != "expr":
        setattr(Game, _name, _of_ruleset(_name))
