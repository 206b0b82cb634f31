"""The module answers as the sudokit program does: the batch calls over a file's lines give the
objects of the CLI's --format json, field for field, for solve, count and rate."""

import numpy as np
import pytest

import sudokit
from conftest import CLI_DIR, SOURCE_DIR, data_file, json_lines, numbered_lines

FILES = [
    CLI_DIR / "puzzles_4x4.txt",
    CLI_DIR / "puzzles_9x9.txt",
    CLI_DIR / "puzzles_16x16.txt",
    CLI_DIR / "mixed.txt",
    CLI_DIR / "latin1.txt",
    SOURCE_DIR / "examples" / "puzzles.txt",
    SOURCE_DIR / "examples" / "mixed.txt",
]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_solve_many_equals_cli_solve(cli, path):
    out, _ = cli("solve", "--format", "json", "--engine", "dlx", "--threads", "2", path)
    texts, lines = numbered_lines(path)
    results = sudokit.solve_many(texts, engine="dlx", lines=lines, source=str(path))
    assert [r.to_dict() for r in results] == json_lines(out)


@pytest.mark.parametrize("path", FILES[:4], ids=lambda p: p.name)
def test_count_many_equals_cli_count(cli, path):
    out, _ = cli("count", "--format", "json", "--limit", "10", path)
    texts, lines = numbered_lines(path)
    assert sudokit.count_many(texts, limit=10, lines=lines, source=str(path)) == json_lines(out)


def test_rate_many_equals_cli_rate(cli):
    path = CLI_DIR / "rate_mixed.txt"
    out, _ = cli("rate", "--format", "json", "--histogram", path)
    texts, lines = numbered_lines(path)
    dicts = sudokit.rate_many(texts, histogram=True, lines=lines, source=str(path))
    assert dicts == json_lines(out)


def test_solve_many_equals_cli_on_17_clue_puzzles(cli, tmp_path):
    texts, lines = numbered_lines(data_file("tdoku_puzzles2_17_clue.txt"), limit=5000)
    path = tmp_path / "first5000.txt"
    path.write_bytes(b"\n".join(texts) + b"\n")
    out, code = cli("solve", "--format", "json", path)
    assert code == 0
    results = sudokit.solve_many(texts, source=str(path))
    assert [r.to_dict() for r in results] == json_lines(out)
    rows = np.stack([sudokit.Puzzle.parse(t.decode()).to_array() for t in texts[:500]])
    array = sudokit.solve_many(rows)
    assert ["".join(map(str, row)) for row in array["solution"]] == [r.solution for r in results[:500]]
