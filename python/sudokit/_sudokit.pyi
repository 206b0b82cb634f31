"""Type stubs of sudokit's compiled module (python/*.cc); import the package `sudokit`."""

from typing import Any, Literal, NotRequired, Sequence, TypedDict, final, overload

import numpy as np
import numpy.typing as npt

__version__: str

Size = None | str | int | tuple[int, int]
"""None (from the cell count), "RxC" (box rows x box columns), a side N, or (R, C)."""
AlphabetName = None | Literal["auto", "standard", "hex", "numeric"]
OutcomeWord = Literal[
    "unique", "found", "multiple", "no-solution", "unfinished", "timeout", "stuck", "invalid",
    "unsupported", "interrupted",
]
"""What became of a puzzle in solve and count (docs/json.md lists every status word)."""
PathEnd = Literal["solved", "stuck", "contradiction", "step-limit", "timeout", "interrupted"]
ExplainStatus = PathEnd | Literal["invalid"]
HintStatus = Literal["step", "solved", "stuck", "contradiction", "timeout", "invalid"]
RateStatus = Literal[
    "solved", "stuck", "max", "ep-only", "ed-only", "timeout", "interrupted", "invalid",
    "unsupported",
]
GenerateStatus = Literal["found", "timeout", "interrupted"]
StatusWord = OutcomeWord | PathEnd | HintStatus | RateStatus | GenerateStatus
PuzzleInput = Puzzle | str
PuzzleList = Sequence[str | bytes | Puzzle]

class Stats(TypedDict):
    nodes: int
    guesses: int
    depth: int
    propagations: int

class SolveDict(TypedDict):
    """The fields of `sudokit solve --format json`."""

    file: str | None
    line: int
    status: OutcomeWord
    puzzle: str | None
    solution: str | None
    count: int | None
    unique: bool | None
    engine: str
    stats: Stats | None
    comment: str
    error: str | None

class CountDict(TypedDict):
    """The fields of `sudokit count --format json`."""

    file: str | None
    line: int
    status: OutcomeWord
    puzzle: str | None
    count: int | None
    complete: bool | None
    limit: int
    engine: str
    stats: Stats | None
    comment: str
    error: str | None

class RateDict(TypedDict, total=False):
    """The fields of `sudokit rate --format json` (histogram and path when asked)."""

    file: str | None
    line: int
    status: RateStatus
    puzzle: str | None
    er: float | None
    ep: float | None
    ed: float | None
    rating: str | None
    solutions: Literal["one", "several", "none", "unknown"] | None
    steps: int | None
    comment: str
    error: str | None
    histogram: dict[str, int] | None  # steps per technique code ("fh", "hsb", ...)
    path: list[str]

class SeRating(TypedDict):
    er: float
    ep: float
    ed: float
    text: str

class ExplainDict(TypedDict):
    """The fields of `sudokit explain --format json` (docs/explain-json.md)."""

    file: str | None
    line: int
    status: ExplainStatus
    puzzle: str | None
    marks: str | None
    shape: NotRequired[str]
    size: NotRequired[int]
    end: NotRequired[PathEnd]
    steps: NotRequired[list[dict[str, Any]]]
    summary: NotRequired[dict[str, Any]]
    final: NotRequired[dict[str, Any]]
    contradiction: NotRequired[dict[str, Any]]
    solutions: NotRequired[int | None]
    note: NotRequired[str | None]
    verified: NotRequired[bool]
    rating: NotRequired[SeRating | None]
    comment: str
    error: str | None

class HintDict(TypedDict):
    """The fields of `sudokit hint --format json` (docs/explain-json.md)."""

    file: str | None
    line: int
    status: HintStatus
    puzzle: str | None
    marks: str | None
    text: NotRequired[str]
    step: NotRequired[dict[str, Any] | None]
    comment: str
    error: str | None

class GeneratedDict(TypedDict):
    """The fields of `sudokit generate --format json` (docs/generate.md)."""

    index: int
    status: GenerateStatus
    puzzle: str | None
    solution: str | None
    clues: int | None
    er: float | None
    ep: float | None
    ed: float | None
    rating: str | None
    candidates: int
    seconds: float
    seed: int
    histogram: NotRequired[dict[str, int] | None]

class EngineOptionDict(TypedDict):
    name: str
    values: list[str] | None
    syntax: str
    default: str
    help: str

class EngineDict(TypedDict):
    """An engine as `sudokit engines --format json` lists it."""

    name: str
    description: str
    sizes: str
    options: list[EngineOptionDict]
    options_text: str
    logic_only: bool

class TechniqueDict(TypedDict):
    """A technique as `sudokit techniques --format json` lists it."""

    code: str
    name: str
    rating: float
    thesis: int | None
    assumes_uniqueness: bool
    direct: bool
    nested: bool

class SolveArrays(TypedDict):
    solution: npt.NDArray[np.uint8]
    status: npt.NDArray[np.str_]
    count: npt.NDArray[np.int64]
    nodes: npt.NDArray[np.uint64]
    guesses: npt.NDArray[np.uint64]
    depth: npt.NDArray[np.uint64]
    propagations: npt.NDArray[np.uint64]
    error: npt.NDArray[np.object_]

class CountArrays(TypedDict):
    count: npt.NDArray[np.int64]
    status: npt.NDArray[np.str_]
    complete: npt.NDArray[np.bool_]
    error: npt.NDArray[np.object_]

class RateArrays(TypedDict):
    er: npt.NDArray[np.float64]
    ep: npt.NDArray[np.float64]
    ed: npt.NDArray[np.float64]
    status: npt.NDArray[np.str_]
    solutions: npt.NDArray[np.str_]
    steps: npt.NDArray[np.int32]
    error: npt.NDArray[np.object_]

class Puzzle:
    """A parsed puzzle: its givens, its shape and the alphabet it was written in."""

    @staticmethod
    def parse(text: str, *, size: Size = None, alphabet: AlphabetName = None) -> Puzzle:
        """Parses one puzzle (a line, a numeric line, a multi-line grid or pencil marks).

        Raises sudokit.ParseError (a ValueError with line, column and reason) for malformed
        input or givens in conflict.
        """
    @staticmethod
    def from_array(values: npt.ArrayLike, *, size: Size = None) -> Puzzle:
        """A puzzle from N*N values, row-major, 0 for empty ((N*N,) or (N, N)); ParseError for a
        value above N or givens in conflict."""
    @property
    def shape(self) -> tuple[int, int]:
        """The box shape (box rows, box columns)."""
    @property
    def size(self) -> int:
        """The side N."""
    @property
    def givens(self) -> int:
        """The number of givens."""
    @property
    def alphabet(self) -> Literal["standard", "hex", "numeric"]:
        """The alphabet it was written in."""
    @property
    def comment(self) -> str:
        """What followed the cells on the line, without the separator."""
    @property
    def line(self) -> int:
        """The first input line (1-based)."""
    @property
    def marks(self) -> str | None:
        """For pencil-mark input, the marks as the N*N*N-character line."""
    def to_grid(self) -> str:
        """The readable multi-line grid with box separators."""
    def to_array(self) -> npt.NDArray[np.uint8]:
        """The values as a uint8 array of shape (N*N,), 0 for empty."""
    def __eq__(self, other: object) -> bool: ...

@final
class SolveResult:
    """What became of one puzzle: its outcome, the solution and the engine's counters."""

    @property
    def outcome(self) -> OutcomeWord:
        """The marker word (the JSON 'status')."""
    @property
    def solved(self) -> bool:
        """True when there is a solution (outcome unique or found)."""
    @property
    def solution(self) -> str | None:
        """The solution as a canonical line, or None."""
    @property
    def count(self) -> int | None:
        """Solutions found (at most max_solutions); None when the engine did not run."""
    @property
    def stats(self) -> Stats | None:
        """The engine's counters, or None when the engine did not run."""
    @property
    def error(self) -> str | None:
        """Why the outcome is a failure, or None."""
    @property
    def line(self) -> int:
        """The item's line (position + 1 in a list, or the lines= given)."""
    @property
    def file(self) -> str | None:
        """The source= given to the call."""
    @property
    def puzzle(self) -> str | None:
        """The puzzle as a canonical line (invalid input: the text as read)."""
    @property
    def engine(self) -> str:
        """The engine's name."""
    @property
    def comment(self) -> str:
        """The input line's comment."""
    def to_dict(self) -> SolveDict:
        """The fields of `sudokit solve --format json`."""
    def __eq__(self, other: object) -> bool: ...

def solve(
    puzzle: PuzzleInput,
    *,
    engine: str = "auto",
    max_solutions: int = 2,
    budget: int | None = None,
    timeout: float | None = None,
) -> SolveResult:
    """Solves one puzzle; the GIL is released while the engine runs."""

def count(
    puzzle: PuzzleInput,
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: int | None = None,
    timeout: float | None = None,
) -> CountDict:
    """Counts the solutions up to `limit` (the dict of `sudokit count --format json`)."""

def explain(
    puzzle: PuzzleInput,
    *,
    order: str = "easiest",
    mode: Literal["first", "stepdown", "focus"] = "first",
    max_steps: int | None = None,
    timeout: float | None = None,
    verify: bool = False,
    rate: bool = True,
    step_work: int | None = None,
) -> ExplainDict:
    """The path by logic alone as the dict of `sudokit explain --format json`
    (docs/explain-json.md)."""

def explain_text(
    puzzle: PuzzleInput,
    *,
    order: str = "easiest",
    mode: Literal["first", "stepdown", "focus"] = "first",
    max_steps: int | None = None,
    timeout: float | None = None,
    verify: bool = False,
    grid: bool = False,
    rate: bool = True,
    step_work: int | None = None,
) -> str:
    """The explanation as `sudokit explain` prints it."""

def hint(
    puzzle: PuzzleInput,
    *,
    order: str = "easiest",
    vague: bool = False,
    timeout: float | None = None,
) -> HintDict:
    """The next step as the dict of `sudokit hint --format json`."""

def rate(
    puzzle: PuzzleInput,
    *,
    max: float | None = None,
    ep_only: bool = False,
    ed_only: bool = False,
    timeout: float | None = None,
    histogram: bool = False,
    path: bool = False,
    step_work: int | None = None,
) -> RateDict:
    """Sudoku Explainer's rating (the dict of `sudokit rate --format json`)."""

@overload
def solve_many(
    puzzles: PuzzleList,
    *,
    engine: str = "auto",
    max_solutions: int = 2,
    budget: int | None = None,
    timeout: float | None = None,
    threads: int = 0,
    size: Size = None,
    alphabet: AlphabetName = None,
    lines: Sequence[int] | None = None,
    source: str | None = None,
) -> list[SolveResult]: ...
@overload
def solve_many(
    puzzles: npt.NDArray[np.uint8],
    *,
    engine: str = "auto",
    max_solutions: int = 2,
    budget: int | None = None,
    timeout: float | None = None,
    threads: int = 0,
    size: Size = None,
    alphabet: AlphabetName = None,
    lines: Sequence[int] | None = None,
    source: str | None = None,
) -> SolveArrays:
    """Solves many puzzles on every core without the GIL, results in input order."""

@overload
def count_many(
    puzzles: PuzzleList,
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: int | None = None,
    timeout: float | None = None,
    threads: int = 0,
    size: Size = None,
    alphabet: AlphabetName = None,
    lines: Sequence[int] | None = None,
    source: str | None = None,
) -> list[CountDict]: ...
@overload
def count_many(
    puzzles: npt.NDArray[np.uint8],
    *,
    limit: int = 2,
    engine: str = "auto",
    budget: int | None = None,
    timeout: float | None = None,
    threads: int = 0,
    size: Size = None,
    alphabet: AlphabetName = None,
    lines: Sequence[int] | None = None,
    source: str | None = None,
) -> CountArrays:
    """Counts the solutions of many puzzles on every core without the GIL."""

@overload
def rate_many(
    puzzles: PuzzleList,
    *,
    max: float | None = None,
    ep_only: bool = False,
    ed_only: bool = False,
    timeout: float | None = None,
    threads: int = 0,
    histogram: bool = False,
    path: bool = False,
    size: Size = None,
    alphabet: AlphabetName = None,
    lines: Sequence[int] | None = None,
    source: str | None = None,
    step_work: int | None = None,
) -> list[RateDict]: ...
@overload
def rate_many(
    puzzles: npt.NDArray[np.uint8],
    *,
    max: float | None = None,
    ep_only: bool = False,
    ed_only: bool = False,
    timeout: float | None = None,
    threads: int = 0,
    histogram: bool = False,
    path: bool = False,
    size: Size = None,
    alphabet: AlphabetName = None,
    lines: Sequence[int] | None = None,
    source: str | None = None,
    step_work: int | None = None,
) -> RateArrays:
    """Rates many puzzles on every core without the GIL."""

def engines() -> list[EngineDict]:
    """The engines with their options (`sudokit engines --format json`)."""

def techniques() -> list[TechniqueDict]:
    """The techniques in rating order (`sudokit techniques --format json`'s "techniques")."""

def status_words() -> list[StatusWord]:
    """Every status word a result can hold, the one list of docs/json.md."""

def is_skipped_line(line: str | bytes) -> bool:
    """True for a blank, '#' comment, [section] or CSV header line."""

def generate(
    count: int = 1,
    *,
    size: Size = 9,
    symmetry: str = "none",
    rating: float | tuple[float | None, float | None] | None = None,
    technique: str | None = None,
    clues: int | tuple[int | None, int | None] | None = None,
    minimal: bool | None = None,
    seed: int | None = None,
    timeout: float | None = None,
    rate: bool = True,
    histogram: bool = False,
    keep_costly_grids: bool = False,
    threads: int = 0,
) -> list[GeneratedDict]:
    """New puzzles with one solution, as `sudokit generate --format json` makes them: index,
    status, puzzle, solution, clues, er, ep, ed, rating, candidates, seconds, seed."""

def random_solution(*, size: Size = 9, seed: int | None = None) -> Puzzle:
    """A random complete valid grid."""

def random_puzzle(solution: PuzzleInput, clues: int, *, seed: int | None = None) -> Puzzle:
    """The solution with cells blanked at random until `clues` givens remain (may have several
    solutions)."""
