"""solve_many, count_many, rate_many: lists and numpy arrays, input order, per-item outcomes,
argument errors, and the GIL released while a batch runs."""

import threading
import time

import numpy as np
import pytest

import sudokit

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SEVERAL = "9..7..54.8..564.........7.2....9...8...18..5.7.....6...9..5....2.54...1..4......."
EASY = "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7"


def puzzles(n, clues=28, seed=1):
    """n random 9x9 puzzles (some with several solutions), reproducible."""
    return [str(sudokit.random_puzzle(sudokit.random_solution(seed=seed + i), clues, seed=i))
            for i in range(n)]


def test_solve_many_list_keeps_order_and_reports_bad_items():
    items = [HARD, "garbage", SEVERAL, b"4.....8.5" + HARD[9:].encode(), sudokit.Puzzle.parse(EASY),
             "", HARD + "\n" + HARD]
    results = sudokit.solve_many(items)
    assert [r.outcome for r in results] == ["unique", "invalid", "multiple", "unique", "unique",
                                            "invalid", "invalid"]
    assert [r.line for r in results] == [1, 2, 3, 4, 5, 6, 7]
    assert results[0].solution == SOLUTION
    assert results[1].error.startswith("line 2")
    assert results[1].puzzle == "garbage"
    assert results[5].error == "line 6: no puzzle in the input"
    assert results[6].error == "line 8: more text after the puzzle (one puzzle expected)"


def test_solve_many_equals_solve_one_by_one_for_any_thread_count():
    items = puzzles(300)
    one_by_one = [sudokit.solve(p) for p in items]
    for threads in (1, 2, 0):
        results = sudokit.solve_many(items, threads=threads)
        assert [r.outcome for r in results] == [r.outcome for r in one_by_one]
        assert [r.solution for r in results] == [r.solution for r in one_by_one]
        assert [r.stats for r in results] == [r.stats for r in one_by_one]
        assert [r.line for r in results] == list(range(1, 301))


def test_lines_and_source():
    results = sudokit.solve_many([HARD, "bad"], lines=[10, 12], source="f.txt")
    assert [(r.file, r.line) for r in results] == [("f.txt", 10), ("f.txt", 12)]
    assert results[1].error.startswith("line 12")
    assert results[0].to_dict()["file"] == "f.txt"
    with pytest.raises(ValueError, match="lines"):
        sudokit.solve_many([HARD], lines=[1, 2])


def test_solve_many_array():
    items = [HARD, SEVERAL, EASY]
    array = np.stack([sudokit.Puzzle.parse(p).to_array() for p in items])
    out = sudokit.solve_many(array)
    assert out["solution"].dtype == np.uint8 and out["solution"].shape == (3, 81)
    assert "".join(map(str, out["solution"][0])) == SOLUTION
    assert not out["solution"][1].any()
    assert list(out["status"]) == ["unique", "multiple", "unique"]
    assert list(out["count"]) == [1, 2, 1]
    listed = sudokit.solve_many(items)
    assert list(out["nodes"]) == [r.stats["nodes"] for r in listed]
    assert list(out["guesses"]) == [r.stats["guesses"] for r in listed]
    assert list(out["error"]) == [None, "line 2: more than one solution", None]


def test_array_rows_with_bad_values_are_invalid_items():
    array = np.zeros((3, 81), dtype=np.uint8)
    array[0, 4] = 10
    array[1, 0] = array[1, 1] = 5
    out = sudokit.solve_many(array)
    assert list(out["status"]) == ["invalid", "invalid", "multiple"]
    assert out["error"][0].startswith("line 1, column 5: ")
    assert out["error"][1] == "line 2, column 2: r1c1 and r1c2 both hold 5"
    assert list(out["count"][:2]) == [-1, -1]


def test_array_argument_errors():
    good = np.zeros((2, 81), dtype=np.uint8)
    with pytest.raises(TypeError, match="uint8"):
        sudokit.solve_many(good.astype(np.int64))
    with pytest.raises(ValueError, match="80 cells"):
        sudokit.solve_many(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="shape"):
        sudokit.solve_many(np.zeros(81, dtype=np.uint8))
    with pytest.raises(ValueError, match="shape"):
        sudokit.solve_many(np.zeros((2, 9, 9), dtype=np.uint8))
    with pytest.raises(ValueError):
        sudokit.solve_many(good, size="2x2")
    # A view that is not contiguous is read as it looks.
    wide = np.zeros((2, 162), dtype=np.uint8)
    assert list(sudokit.solve_many(wide[:, ::2])["status"]) == ["multiple", "multiple"]
    empty = sudokit.solve_many(np.zeros((0, 81), dtype=np.uint8))
    assert empty["solution"].shape == (0, 81) and len(empty["status"]) == 0


def test_list_argument_errors():
    with pytest.raises(TypeError, match="one string"):
        sudokit.solve_many(HARD)
    with pytest.raises(TypeError, match=r"puzzles\[1\]"):
        sudokit.solve_many([HARD, 42])
    with pytest.raises(TypeError):
        sudokit.solve_many(42)
    assert sudokit.solve_many([]) == []
    assert len(sudokit.solve_many(p for p in [HARD, EASY])) == 2


def test_other_sizes_in_a_list_and_an_array():
    four = "1.3..4.........."
    assert sudokit.solve_many([four, HARD])[0].outcome == "multiple"
    array = np.zeros((1, 16), dtype=np.uint8)
    assert sudokit.solve_many(array)["count"][0] == 2
    six = np.zeros((1, 36), dtype=np.uint8)
    assert sudokit.solve_many(six, size="3x2")["status"][0] == "multiple"


def test_count_many():
    dicts = sudokit.count_many([HARD, SEVERAL, "bad"], limit=5)
    assert [d["count"] for d in dicts] == [1, 5, None]
    assert [d["complete"] for d in dicts] == [True, False, None]
    assert dicts[0] == {**sudokit.count(HARD, limit=5), "line": 1}
    array = np.stack([sudokit.Puzzle.parse(p).to_array() for p in [HARD, SEVERAL]])
    out = sudokit.count_many(array, limit=5)
    assert list(out["count"]) == [1, 5]
    assert list(out["complete"]) == [True, False]
    assert list(out["status"]) == ["unique", "multiple"]


def test_rate_many():
    items = [EASY, HARD[:80], SEVERAL]
    dicts = sudokit.rate_many(items, histogram=True)
    assert dicts[0] == {**sudokit.rate(EASY, histogram=True), "line": 1}
    assert dicts[1]["status"] == "invalid" and dicts[1]["er"] is None
    array = np.stack([sudokit.Puzzle.parse(EASY).to_array(),
                      np.zeros(81, dtype=np.uint8) + np.arange(81, dtype=np.uint8) % 10])
    out = sudokit.rate_many(array)
    assert (out["er"][0], out["ep"][0], out["ed"][0]) == (2.8, 2.8, 2.6)
    assert np.isnan(out["er"][1]) and out["steps"][1] == -1
    assert list(out["status"]) == ["solved", "invalid"]
    assert list(out["solutions"]) == ["one", ""]


def test_batches_release_the_gil():
    """While a batch runs, other Python code runs: a thread that counts while solve_many works
    would not count at all if the call held the GIL (no timing is compared: the machine may be
    loaded)."""
    items = puzzles(400, clues=24, seed=100) * 30

    ticks = 0
    done = threading.Event()

    def count_ticks():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    ticker = threading.Thread(target=count_ticks)
    ticker.start()
    before = ticks
    results = sudokit.solve_many(items, engine="dlx", threads=1)
    during = ticks - before
    done.set()
    ticker.join()
    assert len(results) == len(items)
    # A held GIL would stop the ticker for the whole call (it would count at most the few
    # increments of one switch interval).
    assert during > 1000


def test_ctrl_c_stops_a_batch_and_raises_keyboard_interrupt():
    """SIGINT during a batch that runs without the GIL ends it within the engines' next check
    and raises KeyboardInterrupt, as Ctrl-C does in Python code."""
    import os
    import signal

    deep = "........5........6........7........8........................9...........1234....."
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for call in (lambda: sudokit.solve_many([deep] * 4, engine="backtrack", threads=2),
                     lambda: sudokit.solve(deep, engine="backtrack"),
                     lambda: sudokit.rate_many(["." * 81] * 1_000_000, threads=1)):
            timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
            start = time.monotonic()
            timer.start()
            with pytest.raises(KeyboardInterrupt):
                call()
            timer.join()
            assert time.monotonic() - start < 10
    finally:
        signal.signal(signal.SIGINT, previous)
