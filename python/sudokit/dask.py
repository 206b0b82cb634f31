"""sudokit on Dask: solve, count and rate files or lists of puzzles with dask.bag, on the threads
of this machine or on a dask.distributed cluster (a LocalCluster on a laptop, a scheduler
address on a cluster of machines), with results in input order.

    import sudokit.dask as sd
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        ratings = sd.rate_files(["puzzles.txt"], client=client, progress=True)

A bag holds one element per puzzle line, (file, line, text), in partitions of consecutive lines;
each partition is one Dask task that calls sudokit.solve_many / count_many / rate_many on its
lines (the GIL released, so a worker's threads run in parallel). Dask retries a failed task
(retries=), shows the tasks in its dashboard and progress bar, and hands the partitions back in
order. Files are read one puzzle per line (blank, '#' and CSV header lines left out, as the
sudokit program skips them); lines are kept as bytes, so a Latin-1 comment reads as it does in
the CLI. docs/python.md has the cluster set-up.
"""

from __future__ import annotations

import itertools
import os
import warnings
from typing import Any, Callable, Iterable, Sequence

import dask
import dask.bag as db

import sudokit

#: Lines per partition (one Dask task each): enough work per task to hide the scheduling cost
#: (a rating takes about 1 ms, a solve 10 us), few enough for even progress and cheap retries.
DEFAULT_PARTITION_LINES = 10_000

_READ_CHUNK = 1 << 24


def _partition_bounds(path: str, lines_per_partition: int) -> list[tuple[int, int, int]]:
    """(first byte, end byte, first line number) of each partition of a file, read once here."""
    bounds: list[tuple[int, int, int]] = []
    start, start_line = 0, 1
    line, offset = 1, 0
    with open(path, "rb") as f:
        while True:
            chunk = f.read(_READ_CHUNK)
            if not chunk:
                break
            at = 0
            while True:
                # The next partition starts after `lines_per_partition` lines from start_line.
                wanted = start_line + lines_per_partition - line
                if chunk.count(b"\n", at) < wanted:
                    line += chunk.count(b"\n", at)
                    break
                for _ in range(wanted):
                    at = chunk.index(b"\n", at) + 1
                line += wanted
                end = offset + at
                bounds.append((start, end, start_line))
                start, start_line = end, line
            offset += len(chunk)
    if offset > start:
        bounds.append((start, offset, start_line))
    return bounds


def _read_partition(path: str, source: str, start: int, end: int, first_line: int) -> list:
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read(end - start)
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    out = []
    for number, text in enumerate(lines, first_line):
        if text.endswith(b"\r"):
            text = text[:-1]
        if number == 1 and text.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
            text = text[3:]
        if not sudokit.is_skipped_line(text):
            out.append((source, number, text))
    return out


def read_files(
    paths: str | os.PathLike | Iterable[str | os.PathLike],
    lines_per_partition: int = DEFAULT_PARTITION_LINES,
) -> db.Bag:
    """A bag of (file, line, text) for each puzzle line of the files, in file order.

    Each partition holds up to lines_per_partition consecutive lines of one file. The files are
    scanned once here for the partitions' byte ranges; the tasks read their own range, so on a
    cluster the files must be at the same path on every worker (a shared file system).
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if lines_per_partition < 1:
        raise ValueError("lines_per_partition: 1 or more expected")
    parts = []
    for path in paths:
        name = os.fspath(path)
        for start, end, first_line in _partition_bounds(name, lines_per_partition):
            parts.append(dask.delayed(_read_partition, pure=True)(name, name, start, end, first_line))
    if not parts:
        return db.from_sequence([], npartitions=1)
    return db.from_delayed(parts)


def from_list(
    puzzles: Sequence[str | bytes],
    lines_per_partition: int = DEFAULT_PARTITION_LINES,
    source: str | None = None,
) -> db.Bag:
    """A bag of (source, position + 1, text) for each element of a list of puzzle strings."""
    if isinstance(puzzles, (str, bytes)):
        raise TypeError("puzzles: a list of puzzle strings expected, got one string")
    if lines_per_partition < 1:
        raise ValueError("lines_per_partition: 1 or more expected")
    items = [(source, i + 1, text) for i, text in enumerate(puzzles)]
    return db.from_sequence(items, partition_size=lines_per_partition) if items else db.from_sequence([], npartitions=1)


def _run_partition(part: Iterable[tuple], name: str, options: dict) -> list:
    # The function travels by name: the workers import sudokit themselves.
    function: Callable[..., list] = getattr(sudokit, name)
    out: list = []
    # A partition of read_files holds one file; one of a user's bag may mix sources.
    for source, group in itertools.groupby(part, key=lambda item: item[0]):
        group = list(group)
        out.extend(
            function(
                [item[2] for item in group],
                lines=[item[1] for item in group],
                source=source,
                **options,
            )
        )
    return out


def _with_threads(options: dict) -> dict:
    # Dask runs one task per worker thread: each task solves on its own thread unless told.
    options = dict(options)
    options.setdefault("threads", 1)
    return options


def solve_bag(bag: db.Bag, **options: Any) -> db.Bag:
    """A bag of sudokit.SolveResult, one per (file, line, text) element, in order.

    options: those of sudokit.solve_many (engine, max_solutions, budget, timeout, size,
    alphabet; threads defaults to 1 per task).
    """
    return bag.map_partitions(_run_partition, "solve_many", _with_threads(options))


def count_bag(bag: db.Bag, **options: Any) -> db.Bag:
    """A bag of count dicts (sudokit.count_many's), one per element, in order."""
    return bag.map_partitions(_run_partition, "count_many", _with_threads(options))


def rate_bag(bag: db.Bag, **options: Any) -> db.Bag:
    """A bag of rating dicts (sudokit.rate_many's), one per element, in order.

    options: those of sudokit.rate_many (max, ep_only, ed_only, timeout, histogram, path).
    """
    return bag.map_partitions(_run_partition, "rate_many", _with_threads(options))


def _default_client():
    try:
        from distributed import default_client
    except ImportError:  # dask without distributed: the local schedulers only
        return None
    try:
        return default_client()
    except ValueError:
        return None


def compute(bag: db.Bag, client=None, retries: int = 2, progress: bool = False) -> list:
    """The elements of a bag as a list, in order.

    client: a distributed.Client; None: the session's default client if there is one, else
    Dask's threaded scheduler on this machine; False: that scheduler in any case. retries: how often the cluster runs a failed
    task again (distributed only). progress: Dask's progress bar (distributed.progress on a
    cluster, dask.diagnostics.ProgressBar locally); the cluster's dashboard shows the tasks too.
    """
    if client is None:
        client = _default_client()
    if client is None or client is False:
        with warnings.catch_warnings():
            # client=False asks for this machine's threads even while a client is active.
            warnings.filterwarnings("ignore", message="Running on a single-machine scheduler")
            if progress:
                from dask.diagnostics import ProgressBar

                with ProgressBar():
                    return bag.compute(scheduler="threads")
            return bag.compute(scheduler="threads")
    future = client.compute(bag, retries=retries)
    if progress:
        from distributed import progress as show_progress

        show_progress(future)
    return future.result()


def solve_files(paths, client=None, lines_per_partition: int = DEFAULT_PARTITION_LINES,
                retries: int = 2, progress: bool = False, **options: Any) -> list:
    """Solves every puzzle line of the files on Dask: a list of SolveResult in input order."""
    bag = solve_bag(read_files(paths, lines_per_partition), **options)
    return compute(bag, client=client, retries=retries, progress=progress)


def solve_list(puzzles, client=None, lines_per_partition: int = DEFAULT_PARTITION_LINES,
               retries: int = 2, progress: bool = False, **options: Any) -> list:
    """Solves a list of puzzle strings on Dask: a list of SolveResult in input order."""
    bag = solve_bag(from_list(puzzles, lines_per_partition), **options)
    return compute(bag, client=client, retries=retries, progress=progress)


def rate_files(paths, client=None, lines_per_partition: int = DEFAULT_PARTITION_LINES,
               retries: int = 2, progress: bool = False, **options: Any) -> list:
    """Rates every puzzle line of the files on Dask: a list of rating dicts in input order."""
    bag = rate_bag(read_files(paths, lines_per_partition), **options)
    return compute(bag, client=client, retries=retries, progress=progress)


def rate_list(puzzles, client=None, lines_per_partition: int = DEFAULT_PARTITION_LINES,
              retries: int = 2, progress: bool = False, **options: Any) -> list:
    """Rates a list of puzzle strings on Dask: a list of rating dicts in input order."""
    bag = rate_bag(from_list(puzzles, lines_per_partition), **options)
    return compute(bag, client=client, retries=retries, progress=progress)


__all__ = [
    "DEFAULT_PARTITION_LINES",
    "compute",
    "count_bag",
    "from_list",
    "rate_bag",
    "rate_files",
    "rate_list",
    "read_files",
    "solve_bag",
    "solve_files",
    "solve_list",
]
