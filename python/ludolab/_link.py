"""Links and keywords: how Python's arguments become a share link's query.

A keyword argument is the link's key of the same name (``up_to=`` is
``up_to=``); the core reads and checks every value, as it does a link's.
"""

from __future__ import annotations

from typing import Any, Mapping, Union
from urllib.parse import urlencode

Link = Union[str, Mapping[str, Any]]


def value_text(value: Any) -> str:
    """A keyword's value as a link writes it: lists by commas, booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ",".join(value_text(v) for v in value)
    return str(value)


def query(link: Link) -> str:
    """The query of ``link``: a string (``game=snakes&preset=audet``, with or
    without a leading ``#``, or a whole address whose part after ``#`` is the
    link) or a mapping of the same keys."""
    if isinstance(link, str):
        return link.split("#", 1)[1] if "#" in link else link.lstrip("?")
    if isinstance(link, Mapping):
        return urlencode([(str(k), value_text(v)) for k, v in link.items() if v is not None])
    raise TypeError(f"a link is a string or a mapping of its keys, not {type(link).__name__}")


def of(game: str, keys: Mapping[str, Any]) -> str:
    """The query of ``game`` with ``keys`` (None values left out: the family's defaults)."""
    return query({"game": game, **keys})
