"""What the compiled module needs written in Python: sudokit.ParseError (raised by it) and the
function that unpickles a SolveResult (a pickle names a function by its module path)."""


class ParseError(ValueError):
    """Malformed puzzle input, or givens in conflict.

    str(error) is the message the sudokit program prints ("line 3, column 14: 'x' is not a
    digit of a 9x9 grid (1-9, or . for empty)"); line and column are 1-based (column 0 when the
    error is about the puzzle as a whole) and reason is the message without its position.
    """

    def __init__(self, message: str, line: int = 0, column: int = 0, reason: str = "") -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.reason = reason or message

    def __reduce__(self):
        # Keeps line, column and reason when the error crosses processes (Dask, multiprocessing).
        return (type(self), (str(self), self.line, self.column, self.reason))


def _solve_result(state: tuple):
    """A SolveResult from the state its __reduce__ gives (pickle, Dask, multiprocessing)."""
    from sudokit._sudokit import _solve_result_from_state

    return _solve_result_from_state(state)
