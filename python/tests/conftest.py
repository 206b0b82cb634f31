"""What the pytest suites share: where the sources, the sudokit program and the data sets are.

CTest runs the suites with PYTHONPATH=<build>/python, SUDOKIT_BINARY (the program) and
SUDOKIT_DEFAULT_DATA_DIR (../shared/data); $SUDOKIT_DATA_DIR overrides the data folder. A test
that needs a data set skips when it is absent, except in CI (CI=true), where it fails.
"""

import json
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("SUDOKIT_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CLI_DIR = SOURCE_DIR / "tests" / "cli"


def in_ci() -> bool:
    return os.environ.get("CI") == "true"


def data_file(name: str) -> pathlib.Path:
    """The path of a shared data set; skips the test (fails it in CI) when it is absent."""
    folder = os.environ.get("SUDOKIT_DATA_DIR") or os.environ.get("SUDOKIT_DEFAULT_DATA_DIR")
    if not folder:
        folder = str(SOURCE_DIR.parent / "shared" / "data")
    path = pathlib.Path(folder) / name
    if path.is_file():
        return path
    message = f"data set {name} not found (../shared/data or $SUDOKIT_DATA_DIR)"
    if in_ci():
        pytest.fail(message + ", and CI=true: data-driven tests must run in CI")
    pytest.skip(message + ": skipped")


def numbered_lines(path: pathlib.Path, limit: int | None = None) -> tuple[list[bytes], list[int]]:
    """The puzzle lines of a file (as bytes) and their line numbers, skipped lines left out."""
    import sudokit

    texts, numbers = [], []
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            text = raw.rstrip(b"\n").rstrip(b"\r")
            if sudokit.is_skipped_line(text):
                continue
            texts.append(text)
            numbers.append(number)
            if limit is not None and len(texts) == limit:
                break
    return texts, numbers


@pytest.fixture(scope="session")
def cli():
    """Runs the sudokit program: cli(*args) -> (stdout, exit code)."""
    binary = os.environ.get("SUDOKIT_BINARY", str(SOURCE_DIR / "build" / "dev" / "sudokit"))
    if not os.access(binary, os.X_OK):
        if in_ci():
            pytest.fail(f"the sudokit program {binary} is not built")
        pytest.skip(f"the sudokit program {binary} is not built ($SUDOKIT_BINARY)")

    def run(*args: str) -> tuple[str, int]:
        done = subprocess.run([binary, *map(str, args)], capture_output=True, check=False)
        return done.stdout.decode("utf-8"), done.returncode

    return run


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line]
