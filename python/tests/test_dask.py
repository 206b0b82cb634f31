"""sudokit.dask on a LocalCluster of two worker processes on the loopback interface: 10,000
puzzles solved in input order as in one process, files read in partitions of lines with their
line numbers, ratings, a failed partition retried, and the example script. The cluster is
stopped by the fixture whatever happens, and every wait is bounded."""

import os
import pathlib
import subprocess
import sys
import time

import pytest

import sudokit
from conftest import SOURCE_DIR, data_file, in_ci, numbered_lines

if in_ci():
    import dask  # noqa: F401  (in CI a missing Dask is a failure, not a skip)
    import distributed  # noqa: F401
else:
    pytest.importorskip("dask", reason="python3-dask is not installed")
    pytest.importorskip("distributed", reason="python3-distributed is not installed")

import sudokit.dask as sd  # noqa: E402

WAIT = 60  # seconds any one computation may take on a 2-core machine


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=None, silence_logs=40)
    try:
        with Client(cluster, timeout=WAIT) as c:
            c.wait_for_workers(2, timeout=WAIT)
            yield c
    finally:
        cluster.close(timeout=WAIT)


def ten_thousand() -> list[str]:
    """The first 10,000 17-clue puzzles when the data is present, else 10,000 generated ones."""
    folder = os.environ.get("SUDOKIT_DATA_DIR") or os.environ.get("SUDOKIT_DEFAULT_DATA_DIR")
    path = pathlib.Path(folder or SOURCE_DIR.parent / "shared" / "data") / "tdoku_puzzles2_17_clue.txt"
    if path.is_file():
        texts, _ = numbered_lines(path, limit=10_000)
        return [t.decode() for t in texts]
    grids = [sudokit.random_solution(seed=s) for s in range(100)]
    return [str(sudokit.random_puzzle(grids[i % 100], 26, seed=i)) for i in range(10_000)]


def run(client, bag):
    """The bag's elements, computed on the cluster within WAIT seconds."""
    return client.compute(bag, retries=2).result(timeout=WAIT)


def test_ten_thousand_puzzles_solved_in_order(client):
    puzzles = ten_thousand()
    start = time.monotonic()
    results = run(client, sd.solve_bag(sd.from_list(puzzles, lines_per_partition=1000)))
    elapsed = time.monotonic() - start
    assert results == sudokit.solve_many(puzzles)
    assert [r.line for r in results] == list(range(1, 10_001))
    assert elapsed < WAIT


def test_files_are_read_in_partitions_with_their_line_numbers(client, tmp_path):
    puzzles = ten_thousand()[:2500]
    lines = ["# a header comment", ""]
    for i, p in enumerate(puzzles):
        lines.append(p + (f" # item {i}" if i % 7 else ""))
        if i % 500 == 0:
            lines.append("")
    lines.append("garbage line")
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    texts, numbers = numbered_lines(path)
    expected = sudokit.solve_many(texts, lines=numbers, source=str(path))
    bag = sd.read_files([path], lines_per_partition=300)
    assert bag.npartitions == -(-len(lines) // 300)
    assert run(client, sd.solve_bag(bag)) == expected
    assert expected[-1].outcome == "invalid" and expected[-1].line == len(lines)
    # The one-call form, with Dask's progress bar.
    assert sd.solve_files(path, client=client, lines_per_partition=700, progress=True) == expected


def test_ratings_equal_the_single_process_ones(client, tmp_path):
    head = data_file("se_rated_public.csv").read_bytes().split(b"\n")[:401]
    path = tmp_path / "rated.csv"
    path.write_bytes(b"\n".join(head) + b"\n")
    texts, numbers = numbered_lines(path)
    expected = sudokit.rate_many(texts, lines=numbers, source=str(path), max=7.0)
    got = sd.rate_files(path, client=client, lines_per_partition=50, max=7.0)
    assert got == expected


def test_a_failed_partition_is_retried(client, tmp_path):
    puzzles = ten_thousand()[:3000]

    def fail_once(part, marker_dir):
        # The first try of each partition fails (a marker file remembers it across processes).
        part = list(part)
        marker = pathlib.Path(marker_dir) / f"tried-{part[0][1]}"
        if not marker.exists():
            marker.touch()
            raise RuntimeError("a worker lost its partition")
        return part

    bag = sd.from_list(puzzles, lines_per_partition=500).map_partitions(fail_once, str(tmp_path))
    assert run(client, sd.solve_bag(bag)) == sudokit.solve_many(puzzles)
    assert len(list(tmp_path.glob("tried-*"))) == 6


def test_the_threaded_scheduler_without_a_cluster():
    puzzles = ten_thousand()[:500]
    got = sd.compute(sd.rate_bag(sd.from_list(puzzles, lines_per_partition=100), ed_only=True),
                     client=False)
    assert got == sudokit.rate_many(puzzles, ed_only=True)


def test_the_example_script(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "ratings.png"
    done = subprocess.run(
        [sys.executable, str(SOURCE_DIR / "examples" / "rate_histogram.py"),
         str(SOURCE_DIR / "tests" / "cli" / "rate_mixed.txt"), "--workers", "1", "--out", str(png)],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert png.stat().st_size > 1000
    assert "rated" in done.stdout
