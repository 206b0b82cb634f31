"""sudokit.ParseError: the exception of malformed puzzle text (raised by the compiled module)."""


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
