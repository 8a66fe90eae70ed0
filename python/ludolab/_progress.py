"""Progress of a long solve: a tqdm bar when asked for and installed, or the caller's function."""

from __future__ import annotations

from typing import Callable, Optional, Union

Progress = Union[bool, Callable[[float], None], None]


class _Bar:
    """A tqdm bar from 0 to 100 % fed with fractions; closed at the end."""

    def __init__(self, description: str) -> None:
        from tqdm.auto import tqdm  # optional: pip install ludolab[progress]

        self.bar = tqdm(total=100, desc=description, unit="%", bar_format="{l_bar}{bar}| {n:.0f}/100 [{elapsed}<{remaining}]")

    def __call__(self, fraction: float) -> None:
        target = max(0.0, min(100.0, 100.0 * fraction))
        self.bar.update(target - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def callback(progress: Progress, description: str) -> Optional[Callable[[float], None]]:
    """What the core calls with the fraction done (at most every 50 ms)."""
    if progress is True:
        try:
            return _Bar(description)
        except ImportError:
            return None
    if callable(progress):
        return progress
    return None


def close(cb: Optional[Callable[[float], None]]) -> None:
    if isinstance(cb, _Bar):
        cb(1.0)
        cb.close()
