"""sudokit.Puzzle and sudokit.ParseError: parsing, text forms, numpy values, bad input."""

import pickle

import numpy as np
import pytest

import sudokit

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def test_parse_line_keeps_comment_and_writes_canonically():
    p = sudokit.Puzzle.parse(HARD.replace(".", "0") + "  # Norvig's hardest")
    assert str(p) == HARD
    assert p.comment == "Norvig's hardest"
    assert p.shape == (3, 3)
    assert p.size == 9
    assert p.givens == 17
    assert p.alphabet == "standard"
    assert p.line == 1
    assert p.marks is None
    assert repr(p) == f"sudokit.Puzzle.parse('{HARD}')"


def test_to_grid_and_back():
    p = sudokit.Puzzle.parse(HARD)
    grid = p.to_grid()
    assert grid.splitlines()[0] == "4 . . | . . . | 8 . 5"
    assert grid.splitlines()[3] == "------+-------+------"
    assert sudokit.Puzzle.parse(grid) == p


def test_to_array_and_from_array():
    p = sudokit.Puzzle.parse(HARD)
    values = p.to_array()
    assert values.dtype == np.uint8 and values.shape == (81,)
    assert values[0] == 4 and values[1] == 0
    assert sudokit.Puzzle.from_array(values) == p
    assert sudokit.Puzzle.from_array(values.reshape(9, 9)) == p
    assert sudokit.Puzzle.from_array(values.astype(np.int64).tolist()) == p


def test_other_shapes_and_alphabets():
    assert sudokit.Puzzle.parse("1.3..4..........").shape == (2, 2)
    six = "1.....2.....3.....4.....5.....6....."
    assert sudokit.Puzzle.parse(six).shape == (2, 3)
    assert sudokit.Puzzle.parse(six, size="3x2").shape == (3, 2)
    assert sudokit.Puzzle.parse(six, size=(3, 2)).shape == (3, 2)
    hexed = sudokit.Puzzle.parse("0" + "." * 255, alphabet="hex")
    assert hexed.size == 16 and hexed.alphabet == "hex" and str(hexed)[0] == "0"
    assert sudokit.Puzzle.parse("1" + "." * 255, size=16).givens == 1


def test_pencil_marks():
    marks = "".join("123456789" for _ in range(81))
    p = sudokit.Puzzle.parse(marks)
    assert p.marks == marks
    assert p.givens == 0


def test_parse_error_has_line_column_reason():
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.Puzzle.parse(HARD[:18] + "x" + HARD[19:])
    e = caught.value
    assert isinstance(e, ValueError)
    assert (e.line, e.column) == (1, 19)
    assert e.reason == "'x' is not a digit of a 9x9 grid (1-9, or . for empty)"
    assert str(e) == "line 1, column 19: " + e.reason


def test_parse_error_in_a_multi_line_grid_names_its_line():
    grid = sudokit.Puzzle.parse(HARD).to_grid().splitlines()
    grid[5] = grid[5][:2] + "x" + grid[5][3:]
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.Puzzle.parse("\n".join(grid))
    assert (caught.value.line, caught.value.column) == (6, 3)


def test_conflicting_givens_are_a_parse_error():
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.Puzzle.parse("44" + "." * 79)
    assert (caught.value.line, caught.value.column) == (1, 2)
    assert "r1c1 and r1c2 both hold 4" in str(caught.value)


@pytest.mark.parametrize(
    "text", ["", "# only a comment", HARD[:80], HARD + "\n" + HARD, "\xff" * 81, "1" * 100000]
)
def test_malformed_text_raises_parse_error_never_crashes(text):
    with pytest.raises(sudokit.ParseError):
        sudokit.Puzzle.parse(text)


def test_parse_error_survives_pickling():
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.Puzzle.parse("x" * 81)
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.line, again.column, again.reason, str(again)) == (
        caught.value.line,
        caught.value.column,
        caught.value.reason,
        str(caught.value),
    )


def test_from_array_errors():
    values = sudokit.Puzzle.parse(HARD).to_array()
    values[3] = 12
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.Puzzle.from_array(values)
    assert caught.value.column == 4
    values[3] = 4  # a second 4 in row 1
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.Puzzle.from_array(values)
    assert "both hold 4" in caught.value.reason
    with pytest.raises(ValueError):
        sudokit.Puzzle.from_array(np.zeros(80, dtype=np.uint8))
    with pytest.raises(sudokit.ParseError):
        sudokit.Puzzle.from_array([-1] + [0] * 80)
    with pytest.raises(TypeError):
        sudokit.Puzzle.from_array("not values")


def test_bad_size_and_alphabet_arguments():
    with pytest.raises(ValueError):
        sudokit.Puzzle.parse(HARD, size="7x7")
    with pytest.raises(ValueError):
        sudokit.Puzzle.parse(HARD, size=7)
    with pytest.raises(TypeError):
        sudokit.Puzzle.parse(HARD, size=1.5)
    with pytest.raises(ValueError):
        sudokit.Puzzle.parse(HARD, alphabet="klingon")


def test_puzzle_pickles_with_its_alphabet_and_comment():
    for text in [HARD + " # hard", "0" + "." * 255, "".join("123456789" for _ in range(81))]:
        p = sudokit.Puzzle.parse(text, alphabet="hex" if text.startswith("0") else None)
        q = pickle.loads(pickle.dumps(p))
        assert q == p and str(q) == str(p) and q.alphabet == p.alphabet and q.comment == p.comment


def test_random_grids_are_reproducible():
    a = sudokit.random_solution(size=9, seed=7)
    assert a.givens == 81 and sudokit.solve(a).outcome == "unique"
    assert sudokit.random_solution(seed=7) == a
    assert sudokit.random_solution(size="2x3", seed=1).shape == (2, 3)
    p = sudokit.random_puzzle(a, 30, seed=3)
    assert p.givens == 30 and p == sudokit.random_puzzle(str(a), 30, seed=3)
    assert all(x in (0, y) for x, y in zip(p.to_array(), a.to_array()))
    with pytest.raises(ValueError):
        sudokit.random_puzzle(p, 20)
    with pytest.raises(ValueError):
        sudokit.random_puzzle(a, 82)


def test_is_skipped_line():
    assert sudokit.is_skipped_line("")
    assert sudokit.is_skipped_line("  # comment")
    assert sudokit.is_skipped_line(b"puzzle,solution")
    assert not sudokit.is_skipped_line(HARD)


@pytest.mark.parametrize("size", ["3x2", "4x3", "2x4", "2x5", "5x4"])
def test_generated_puzzles_of_every_box_shape_read_back(size):
    # The size tag ("3x2:") in the puzzle text carries the shape the cell count cannot tell.
    rows, cols = (int(x) for x in size.split("x"))
    for item in sudokit.generate(2, size=size, seed=1, rate=False):
        assert item["puzzle"].startswith(size + ":")
        p = sudokit.Puzzle.parse(item["puzzle"])
        assert p.shape == (rows, cols)
        assert str(p) == item["puzzle"]
        solution = sudokit.Puzzle.parse(item["solution"])
        assert solution.shape == (rows, cols) and solution.givens == (rows * cols) ** 2
        assert sudokit.solve(p).solution == item["solution"]
        assert sudokit.rate(item["puzzle"])["status"] == "solved"
    assert str(sudokit.Puzzle.parse(HARD)) == HARD  # the usual shapes carry no tag
