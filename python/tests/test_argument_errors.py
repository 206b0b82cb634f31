"""Bad arguments raise ValueError or TypeError naming the argument, never an internal error
(RuntimeError, pybind11's "incompatible function arguments") nor a silent guess."""

import math

import numpy as np
import pytest

import sudokit

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def raises(kind, name, call):
    with pytest.raises(kind) as caught:
        call()
    # The exact type: a RuntimeError or a ParseError would be another defect.
    assert type(caught.value) is kind, repr(caught.value)
    assert str(caught.value).startswith(name + ":"), str(caught.value)


def test_from_array_takes_whole_numbers_only():
    raises(ValueError, "values", lambda: sudokit.Puzzle.from_array([math.nan] + [0] * 80))
    raises(ValueError, "values", lambda: sudokit.Puzzle.from_array([math.inf] + [0] * 80))
    # 1.5 is no digit: it used to be read as 1.
    raises(ValueError, "values", lambda: sudokit.Puzzle.from_array([1.5] + [0] * 80))
    raises(TypeError, "values", lambda: sudokit.Puzzle.from_array([None] + [0] * 80))
    raises(TypeError, "values", lambda: sudokit.Puzzle.from_array(np.zeros(81, dtype=bool)))
    # Whole floats are the numbers they hold.
    assert sudokit.Puzzle.from_array([4.0] + [0.0] * 80).givens == 1
    assert sudokit.Puzzle.from_array(np.zeros(81, dtype=np.float32)).givens == 0


def test_seed_is_a_whole_number_from_0_to_2_to_the_64():
    raises(ValueError, "seed", lambda: sudokit.generate(1, seed=-1))
    raises(ValueError, "seed", lambda: sudokit.generate(1, seed=2**64))
    raises(TypeError, "seed", lambda: sudokit.generate(1, seed=1.5))
    raises(ValueError, "seed", lambda: sudokit.random_solution(seed=-1))
    assert sudokit.generate(1, size=4, seed=2**64 - 1)[0]["status"] == "found"


def test_count_limit_and_solve_max_solutions():
    raises(ValueError, "limit", lambda: sudokit.count(HARD, limit=-1))
    raises(ValueError, "limit", lambda: sudokit.count(HARD, limit=0))
    raises(ValueError, "limit", lambda: sudokit.count(HARD, limit=2**32))
    raises(TypeError, "limit", lambda: sudokit.count(HARD, limit=2.0))
    raises(ValueError, "limit", lambda: sudokit.count_many([HARD], limit=0))
    raises(ValueError, "max_solutions", lambda: sudokit.solve(HARD, max_solutions=0))
    raises(ValueError, "max_solutions", lambda: sudokit.solve_many([HARD], max_solutions=-3))
    assert sudokit.count("................", limit=1)["status"] == "found"


def test_lines_are_line_numbers():
    raises(ValueError, "lines", lambda: sudokit.solve_many([HARD, HARD], lines=[-5, 0]))
    raises(ValueError, "lines", lambda: sudokit.count_many([HARD], lines=[0]))
    raises(ValueError, "lines", lambda: sudokit.rate_many([HARD], lines=[0]))
    raises(TypeError, "lines", lambda: sudokit.solve_many([HARD], lines=["3"]))
    assert sudokit.solve_many([HARD], lines=[7])[0].line == 7


def test_generate_count_is_one_or_more_as_on_the_command_line():
    raises(ValueError, "count", lambda: sudokit.generate(0))
    raises(ValueError, "count", lambda: sudokit.generate(-2))
    raises(TypeError, "count", lambda: sudokit.generate(1.0))


def test_a_puzzle_compares_unequal_to_other_things():
    p = sudokit.Puzzle.parse(HARD)
    assert (p == HARD) is False
    assert (p != HARD) is True
    assert p != None  # noqa: E711
    assert p == sudokit.Puzzle.parse(HARD)
