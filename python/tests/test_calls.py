"""The calls on one puzzle: solve, count, explain, explain_text, hint, rate, the engine and
technique lists; their outcomes, fields and argument errors."""

import pickle

import pytest

import sudokit

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SEVERAL = "9..7..54.8..564.........7.2....9...8...18..5.7.....6...9..5....2.54...1..4......."
NONE = "12345678....................................9...................................."
EASY = "..3......4.6.......8.231..62...9..715.......8....4...3....7...........9...1.68..7"
SOLVE_FIELDS = ["file", "line", "status", "puzzle", "solution", "count", "unique", "engine",
                "stats", "comment", "error"]


def test_solve_unique():
    r = sudokit.solve(HARD)
    assert r.outcome == "unique" and r.solved
    assert r.solution == SOLUTION
    assert r.count == 1
    assert set(r.stats) == {"nodes", "guesses", "depth", "propagations"}
    assert r.error is None and r.line == 1 and r.file is None
    assert r.engine == "auto" and r.puzzle == HARD
    d = r.to_dict()
    assert list(d) == SOLVE_FIELDS
    assert d["status"] == "unique" and d["unique"] is True and d["solution"] == SOLUTION


def test_solve_outcomes():
    assert sudokit.solve(SEVERAL).outcome == "multiple"
    assert sudokit.solve(SEVERAL).error == "line 1: more than one solution"
    assert sudokit.solve(SEVERAL).to_dict()["unique"] is False
    assert sudokit.solve(NONE).outcome == "no-solution"
    found = sudokit.solve(SEVERAL, max_solutions=1)
    assert found.outcome == "found" and found.solution is not None
    budget = sudokit.solve(HARD, engine="backtrack", budget=10)
    assert budget.outcome == "unfinished" and budget.solution is None
    assert budget.error == "line 1: the node budget of 10 nodes ran out before the search ended"
    deep = "........5........6........7........8........................9...........1234....."
    timed = sudokit.solve(deep, engine="backtrack", timeout=0.05)
    assert timed.outcome == "timeout"
    assert sudokit.solve("1.3..4..........", engine="fast").outcome == "unsupported"
    stuck = sudokit.solve(HARD, engine="human:order=ns+hs")
    assert stuck.outcome == "stuck" and stuck.solution is None
    assert stuck.error.startswith("line 1: logic alone cannot finish")


def test_every_engine_solves_a_puzzle():
    names = [e["name"] for e in sudokit.engines()]
    assert {"auto", "fast", "dlx", "backtrack", "human"} <= set(names)
    for engine in sudokit.engines():
        if not engine["logic_only"]:
            assert sudokit.solve(EASY, engine=engine["name"]).solution is not None, engine["name"]


def test_solve_accepts_a_puzzle_object_and_options_in_the_engine_spec():
    p = sudokit.Puzzle.parse(HARD + " # comment")
    r = sudokit.solve(p, engine="propagate:stack=alloc")
    assert r.solution == SOLUTION and r.comment == "comment" and r.engine == "propagate"


def test_solve_argument_errors():
    with pytest.raises(sudokit.ParseError):
        sudokit.solve("not a puzzle")
    with pytest.raises(ValueError, match="engine"):
        sudokit.solve(HARD, engine="nope")
    with pytest.raises(ValueError, match="engine"):
        sudokit.solve(HARD, engine="propagate:stack=nope")
    with pytest.raises(ValueError):
        sudokit.solve(HARD, max_solutions=0)
    with pytest.raises(ValueError):
        sudokit.solve(HARD, timeout=-1)
    with pytest.raises(ValueError):
        sudokit.solve(HARD, budget=-5)
    with pytest.raises(TypeError):
        sudokit.solve(42)
    with pytest.raises(TypeError):
        sudokit.solve(HARD, timeout="soon")


def test_solve_result_pickles_and_compares():
    for r in (sudokit.solve(HARD), sudokit.solve(NONE), sudokit.solve_many(["bad"])[0]):
        again = pickle.loads(pickle.dumps(r))
        assert again == r and again.to_dict() == r.to_dict()
    assert sudokit.solve(HARD) != sudokit.solve(SEVERAL)


def test_count():
    d = sudokit.count("................", limit=1000)
    assert list(d) == ["file", "line", "status", "puzzle", "count", "complete", "limit", "engine",
                       "stats", "comment", "error"]
    assert d["count"] == 288 and d["complete"] is True and d["status"] == "multiple"
    assert d["file"] is None
    assert sudokit.count(SEVERAL)["complete"] is False
    assert sudokit.count(NONE)["status"] == "no-solution"
    assert sudokit.count(NONE)["error"] == "line 1: no solution"


def test_explain():
    d = sudokit.explain(EASY)
    assert d["status"] == "solved" and d["file"] is None
    assert d["steps"] and all({"code", "name", "text"} <= set(s) for s in d["steps"])
    assert "verified" not in d
    assert sudokit.explain(EASY, verify=True)["verified"] is True
    assert sudokit.explain(EASY, max_steps=3)["end"] == "step-limit"
    assert sudokit.explain(HARD, order="ns+hs")["status"] == "stuck"
    # The rating is rate()'s, whatever order the path used; rate=False leaves it out.
    rating = sudokit.explain(EASY)["rating"]
    assert rating == {"er": 2.8, "ep": 2.8, "ed": 2.6, "text": sudokit.rate(EASY)["rating"]}
    assert sudokit.explain(HARD, order="ns+hs")["rating"]["text"] == sudokit.rate(HARD)["rating"]
    assert sudokit.explain(EASY, rate=False)["rating"] is None
    assert sudokit.explain(EASY, max_steps=3)["rating"] is None
    text = sudokit.explain_text(EASY)
    assert "Solved by logic alone." in text
    assert "Solution: " in text
    assert "Rating: 2.8/2.8/2.6 (Sudoku Explainer's" in text
    assert "Rating:" not in sudokit.explain_text(EASY, rate=False)
    with pytest.raises(ValueError, match="order"):
        sudokit.explain(EASY, order="nope")
    with pytest.raises(ValueError, match="mode"):
        sudokit.explain(EASY, mode="sideways")


def test_explain_and_hint_options_are_the_librarys_checks():
    """The reasons are the library's (the CLI gives the same), named by the arguments."""
    with pytest.raises(ValueError, match=r"^order: unknown technique 'xyz' \(see"):
        sudokit.explain(EASY, order="ns+xyz")
    with pytest.raises(ValueError, match=r"^order: unknown technique 'xyz'"):
        sudokit.hint(EASY, order="xyz")
    with pytest.raises(ValueError, match=r"^mode: 'up' is not one of first, stepdown, focus$"):
        sudokit.explain_text(EASY, mode="up")
    for call in (sudokit.explain, sudokit.hint, sudokit.rate, sudokit.solve):
        with pytest.raises(ValueError, match=r"^timeout: a number of seconds >= 0$"):
            call(EASY, timeout=-1)
        with pytest.raises(ValueError, match=r"^timeout: "):
            call(EASY, timeout=float("nan"))
        with pytest.raises(TypeError, match=r"^timeout: a number expected, got str$"):
            call(EASY, timeout="1")


def test_hint():
    d = sudokit.hint(EASY)
    assert d["status"] == "step" and d["text"] and d["step"]
    vague = sudokit.hint(EASY, vague=True)
    assert vague["text"].startswith("Look for")
    assert sudokit.hint(SOLUTION)["status"] == "solved"
    assert sudokit.hint(NONE)["status"] == "contradiction"


def test_rate():
    d = sudokit.rate(EASY)
    assert (d["er"], d["ep"], d["ed"]) == (2.8, 2.8, 2.6)
    assert d["rating"] == "2.8/2.8/2.6" and d["status"] == "solved" and d["solutions"] == "one"
    assert "histogram" not in d and "path" not in d
    full = sudokit.rate(EASY, histogram=True, path=True)
    assert sum(full["histogram"].values()) == full["steps"] == len(full["path"])
    assert full["path"][0].startswith("  1 | ")
    early = sudokit.rate(EASY, ed_only=True)
    assert early["status"] == "ed-only" and early["er"] is None and early["ed"] == 2.6
    assert sudokit.rate(SEVERAL)["solutions"] == "several"
    with pytest.raises(ValueError, match="^ep_only and ed_only: choose one$"):
        sudokit.rate(EASY, ep_only=True, ed_only=True)
    with pytest.raises(ValueError):
        sudokit.rate(EASY, max=-1)


def test_techniques():
    table = sudokit.techniques()
    assert table[0]["name"] == "Full House" and table[0]["rating"] == 1.0
    assert [t["rating"] for t in table] == sorted(t["rating"] for t in table)


def test_version():
    assert sudokit.__version__.count(".") == 2


def test_solve_result_is_made_by_the_calls_only():
    with pytest.raises(TypeError):
        sudokit.SolveResult()
    with pytest.raises(ValueError):
        sudokit._sudokit._solve_result_from_state((1, 2))
    state = sudokit.solve(HARD).__reduce__()[1][0]
    broken = state[:3] + (b"\x01" * 80,) + state[4:]  # one cell short
    with pytest.raises(ValueError):
        sudokit._sudokit._solve_result_from_state(broken)
    with pytest.raises(TypeError):
        hash(sudokit.solve(HARD))
    # A comment that is not UTF-8 reads as U+FFFD, as in the CLI's JSON, and survives pickling.
    r = sudokit.solve_many([HARD.encode() + b" # caf\xe9"], source="f.txt")[0]
    assert r.comment == "caf\ufffd" and r.file == "f.txt"
    assert pickle.loads(pickle.dumps(r)) == r
    assert repr(r) == f"<SolveResult line 1 unique {SOLUTION}>"


GENERATE_FIELDS = ["index", "status", "puzzle", "solution", "clues", "er", "ep", "ed", "rating",
                   "candidates", "seconds", "seed"]


def test_generate():
    found = sudokit.generate(4, seed=7, threads=1, histogram=True)
    assert [g["index"] for g in found] == [1, 2, 3, 4]  # as the CLI's JSON counts
    assert list(found[0]) == GENERATE_FIELDS + ["histogram"]
    for g in found:
        assert g["status"] == "found" and g["seed"] == 7
        # One solution, the one reported, and the rating rate() gives.
        assert sudokit.solve(g["puzzle"]).solution == g["solution"]
        assert sudokit.rate(g["puzzle"])["rating"] == g["rating"]
        assert sudokit.Puzzle.parse(g["puzzle"]).givens == g["clues"]
    # The same seed gives the same puzzles on any number of threads.
    again = sudokit.generate(4, seed=7, threads=2, histogram=True)
    assert [g["puzzle"] for g in again] == [g["puzzle"] for g in found]


def test_generate_targets():
    band = sudokit.generate(2, seed=5, rating=(4.0, 5.0), symmetry="rot180", threads=1)
    assert all(4.0 <= g["er"] <= 5.0 for g in band)
    small = sudokit.generate(3, size="2x3", seed=1, rate=False, clues=(None, 12))
    for g in small:
        assert g["er"] is None and g["rating"] is None and g["clues"] <= 12
        assert len(g["puzzle"]) == 36
        assert sudokit.count(g["puzzle"])["count"] == 1
    # Only minimal 25x25 drops costly grids: a 16x16's puzzles are the same either way.
    kept = sudokit.generate(2, size=16, seed=3, rate=False, keep_costly_grids=True)
    assert [g["puzzle"] for g in kept] == [
        g["puzzle"] for g in sudokit.generate(2, size=16, seed=3, rate=False)]
    xwing = sudokit.generate(1, seed=2, technique="X-Wing", threads=1, histogram=True)[0]
    assert "xw" in xwing["histogram"]  # keyed by technique code, as the text histogram
    missed = sudokit.generate(1, seed=1, rating=(11.0, 12.0), timeout=0.2, threads=1)[0]
    assert missed["status"] == "timeout" and missed["puzzle"] is None


@pytest.mark.parametrize("kwargs, message", [
    (dict(symmetry="spiral"), "symmetry: 'spiral'"),
    (dict(rating=(1, 2, 3)), "rating: a pair"),
    (dict(rating=-1), "rating: numbers >= 0"),
    (dict(clues=20.5), "clues: whole numbers"),
    (dict(technique="nope"), "technique: 'nope'"),
    (dict(rate=False, rating=9.0), "rating: needs the rating"),
    (dict(clues=(90, 99)), "clues: a 9x9 grid has 81 cells"),
    (dict(technique="xw", rating=(None, 2.0)),
     "technique: xw is rated 3.2, above the upper bound 2.0 of rating"),
    (dict(threads=-1), "threads"),
    (dict(timeout=-1), "timeout"),
])
def test_generate_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        sudokit.generate(1, **kwargs)


def test_every_status_is_a_listed_word():
    words = set(sudokit.status_words())
    assert {"unique", "multiple", "no-solution", "timeout", "step-limit", "invalid"} <= words
    statuses = [sudokit.solve(p).outcome for p in (EASY, SEVERAL, NONE, HARD)]
    statuses += [sudokit.count(p)["status"] for p in (EASY, SEVERAL, NONE)]
    statuses += [sudokit.explain(EASY)["status"], sudokit.explain(EASY, max_steps=1)["end"]]
    statuses += [sudokit.hint(EASY)["status"], sudokit.rate(EASY)["status"]]
    statuses += [sudokit.rate(EASY, timeout=1e-9)["status"]]
    statuses += [g["status"] for g in sudokit.generate(1, seed=1, rate=False, threads=1)]
    assert set(statuses) <= words and "timeout" in statuses
