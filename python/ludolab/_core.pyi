"""The compiled core (src/python/, PyO3): what the typed modules call."""

from typing import Callable, List, Optional, Sequence, Tuple

__version__: str

class LudolabError(ValueError):
    """A value Ludolab cannot take: the message names it and what is allowed, as the command line's does."""

class LinkError(LudolabError):
    """A key or value of a link (or of a function's keywords) that the family does not accept."""

class TooLargeError(LudolabError):
    """An input beyond what a solver takes (the cost guard's refusal): the message says the limit."""

class NeverEndsError(LudolabError):
    """A game that can last forever where a finite game is needed."""

class SolveError(LudolabError):
    """A solve that could not finish: a singular system, no convergence, nothing to play."""

Progress = Optional[Callable[[float], object]]

def report(link: str, tasks: Sequence[str] = ..., command_line: bool = False, progress: Progress = None) -> str:
    """The JSON text ``ludolab report LINK --json`` prints (``command_line``: the subcommands' ranges)."""

def link(link: str, command_line: bool = False) -> str:
    """The canonical form of a link (``ludolab link``)."""

def families() -> List[str]:
    """Every family's ``game`` key, in the page's menu order."""

def sweep_links(seed: int, count: int, budget: float) -> List[str]:
    """``count`` links of the link sweep drawn from ``seed`` (valid ones cost at most ``budget`` seconds)."""

def grundy_octal(code: str, n: int, progress: Progress = None) -> bytes:
    """G(0..=n) of an octal game, little-endian u16."""

def grundy_subtraction(set: Sequence[int], n: int) -> bytes:
    """G(0..=n) of a subtraction game, little-endian u16."""

def parity_solve(game: bytes, keys: str, progress: Progress = None) -> str:
    """A PGSolver game solved and verified: the report's JSON text."""

def parity_generate(keys: str) -> str:
    """The game a parity link's keys generate, in PGSolver's format."""

def attractor(owner: Sequence[int], edges: Sequence[Tuple[int, int]], player: int, target: Sequence[int]) -> List[Optional[int]]:
    """Each vertex's rank in ``player``'s attractor to ``target``, or None."""

def heatmap_svg(values: Sequence[float], rows: int, cols: int, width: int, options: str) -> str:
    """A heat map as an SVG document: the page's drawing, its options as JSON (``xLabel``, ``palette``, …)."""

def parity_svg(drawing: str, start: Optional[int] = None) -> str:
    """A solved parity game's drawing (its report's ``drawing`` as JSON) as SVG, the start ringed."""

def attractor_svg(owner: Sequence[int], edges: Sequence[Tuple[int, int]], player: int, ranks: Sequence[Optional[int]], labels: Sequence[str]) -> str:
    """An attractor drawn as the page draws its last step (owners and player 1 or 2; a rank per vertex, None outside)."""

def thermograph_svg(thermograph: str, width: float) -> str:
    """A thermograph (``Game._thermograph``'s JSON) as SVG, ``width`` pixels wide (280 to 640)."""

def game_tree_svg(form: str) -> str:
    """A canonical form (``Game._canonical``'s JSON) as the page's game tree, SVG."""

def connect4_svg(width: int, height: int, cells: Sequence[int], scores: Sequence[Optional[int]]) -> str:
    """A Connect Four board (cells row by row from the top: 0, 1 or 2), each column's score above it, as SVG."""

class Game:
    """A short partizan game in canonical form (one store per process: equal games are one object)."""

    def __init__(self, text: str) -> None:
        """A game in CGSuite's notation: ``Game("{1|*}")``, ``Game("^^*")``, ``Game("3/4")``."""
    @staticmethod
    def position(name: str, position: str, progress: Progress = None) -> "Game":
        """The value of ``position`` under the ruleset ``name``."""
    @staticmethod
    def rulesets() -> List[str]:
        """The rulesets' names, in the page's order."""
    @classmethod
    def domineering(cls, position: str, progress: object = False) -> "Game":
        """A Domineering board: rows joined by ``/``, ``.`` empty, ``x`` filled (Left places vertical dominoes)."""
    @classmethod
    def toads(cls, position: str, progress: object = False) -> "Game":
        """Toads and Frogs: a strip of ``T``, ``F`` and ``.``."""
    @classmethod
    def clobber(cls, position: str, progress: object = False) -> "Game":
        """Clobber: rows joined by ``/``, ``x`` Left's stones, ``o`` Right's."""
    @classmethod
    def hackenbush(cls, position: str, progress: object = False) -> "Game":
        """Blue-Red-Green Hackenbush: edges ``u-v:c`` (``g`` the ground; ``b``, ``r``, ``g``)."""
    @classmethod
    def cutcake(cls, position: str, progress: object = False) -> "Game":
        """Cutcake: pieces ``RxC`` joined by ``+``."""
    @classmethod
    def konane(cls, position: str, progress: object = False) -> "Game":
        """Konane: rows joined by ``/``, ``x`` Left's stones, ``o`` Right's."""
    def __add__(self, other: "Game") -> "Game": ...
    def __sub__(self, other: "Game") -> "Game": ...
    def __neg__(self) -> "Game": ...
    def __pos__(self) -> "Game": ...
    def __lt__(self, other: "Game") -> bool: ...
    def __le__(self, other: "Game") -> bool: ...
    def __gt__(self, other: "Game") -> bool: ...
    def __ge__(self, other: "Game") -> bool: ...
    def __hash__(self) -> int: ...
    def fuzzy(self, other: "Game") -> bool:
        """``G ‖ H``: neither ≤ the other."""
    @property
    def outcome(self) -> str:
        """``L``, ``R``, ``N`` (whoever starts wins) or ``P`` (whoever does not)."""
    @property
    def mean(self) -> "Fraction":
        """The mean value (exact)."""
    @property
    def temperature(self) -> "Fraction":
        """The temperature (exact; negative for a number)."""
    @property
    def canonical(self) -> dict:
        """The canonical form, nested, as the command line's JSON writes it."""
    @property
    def thermograph(self) -> dict:
        """The thermograph's walls, as the page's report has them."""
    @property
    def left_options(self) -> List["Game"]:
        """Left's options of the canonical form."""
    @property
    def right_options(self) -> List["Game"]:
        """Right's options of the canonical form."""
    @property
    def display(self) -> str:
        """The value in the page's signs (``⇑*``, ``±1``)."""

from fractions import Fraction
