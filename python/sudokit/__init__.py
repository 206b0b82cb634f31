"""sudokit: Sudoku puzzles from Python - parse, solve, count, explain, hint, rate and generate them, one at
a time or in batches on every core (the GIL released), on the same C++ library as the `sudokit`
program, with the same outcomes, messages and JSON fields. sudokit.dask runs the batches on Dask.

    >>> import sudokit
    >>> p = sudokit.Puzzle.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> sudokit.solve(p).solution[:9]
    '417369825'

docs/python.md describes the API; help(sudokit.solve) and the type stubs document each call.
"""

from sudokit._support import ParseError
from sudokit._sudokit import (
    Puzzle,
    SolveResult,
    __version__,
    count,
    count_many,
    engines,
    explain,
    explain_text,
    generate,
    hint,
    is_skipped_line,
    random_puzzle,
    random_solution,
    rate,
    rate_many,
    solve,
    solve_many,
    status_words,
    techniques,
)

__all__ = [
    "ParseError",
    "Puzzle",
    "SolveResult",
    "__version__",
    "count",
    "count_many",
    "engines",
    "explain",
    "explain_text",
    "generate",
    "hint",
    "is_skipped_line",
    "random_puzzle",
    "random_solution",
    "rate",
    "rate_many",
    "solve",
    "solve_many",
    "status_words",
    "techniques",
]
