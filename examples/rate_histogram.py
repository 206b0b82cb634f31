#!/usr/bin/python3
"""Rates puzzle files with Dask and plots the ratings: a histogram of Sudoku Explainer's ER and
the solver's guesses against ER, saved as a PNG (docs/python.md).

    PYTHONPATH=build/release/python /usr/bin/python3 examples/rate_histogram.py FILE... \\
        [--workers 2 | --scheduler tcp://HOST:8786] [--out ratings.png]

--workers N starts a LocalCluster of N worker processes on this machine; --scheduler joins a
running cluster (every worker needs sudokit installed and the files at the same path).
"""

import argparse
import sys
import time

import matplotlib

matplotlib.use("Agg")  # a file, no display
import matplotlib.pyplot as plt  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import sudokit.dask as sd  # noqa: E402


def plot(ratings: list[dict], solves: list, out: str) -> int:
    """Draws the two charts; returns the number of puzzles with a rating."""
    pairs = [(r["er"], s.stats["guesses"]) for r, s in zip(ratings, solves)
             if r["er"] is not None and s.stats is not None]
    ers = [er for er, _ in pairs]
    fig, (hist, scatter) = plt.subplots(1, 2, figsize=(12, 4.5))
    bins = [x / 10 for x in range(int(min(ers, default=1) * 10), int(max(ers, default=1) * 10) + 2)]
    hist.hist(ers, bins=bins, color="#4878a8")
    hist.set_xlabel("Sudoku Explainer rating (ER)")
    hist.set_ylabel("puzzles")
    hist.set_title(f"ER of {len(ers)} puzzles")
    scatter.scatter(ers, [g + 1 for _, g in pairs], s=6, alpha=0.4, color="#a84848")
    scatter.set_yscale("log")
    scatter.set_xlabel("Sudoku Explainer rating (ER)")
    scatter.set_ylabel("guesses + 1 (engine auto)")
    scatter.set_title("Solver guesses against rating")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    return len(ers)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="puzzle files, one puzzle per line")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    where.add_argument("--scheduler", help="address of a running scheduler (tcp://HOST:8786)")
    parser.add_argument("--out", default="ratings.png", help="the PNG to write")
    parser.add_argument("--lines-per-partition", type=int, default=sd.DEFAULT_PARTITION_LINES)
    parser.add_argument("--max-er", type=float, default=None, help="stop rating above this ER")
    args = parser.parse_args()

    if args.scheduler:
        client, cluster = Client(args.scheduler), None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, host="127.0.0.1",
                               dashboard_address=None)
        client = Client(cluster)
    try:
        start = time.monotonic()
        ratings = sd.rate_files(args.files, client=client, progress=True, max=args.max_er,
                                lines_per_partition=args.lines_per_partition)
        solves = sd.solve_files(args.files, client=client,
                                lines_per_partition=args.lines_per_partition)
        seconds = time.monotonic() - start
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    rated = plot(ratings, solves, args.out)
    print(f"{len(ratings)} puzzles, {rated} rated in {seconds:.1f} s; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
