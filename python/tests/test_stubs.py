"""The stubs (sudokit/_sudokit.pyi) against the module: every function of the module has a stub
with the same parameters, in the same order, as positional or keyword-only alike. (stubtest, the
python.stubs test, checks what the stubs declare exists; pybind11 functions show their
parameters only in the first line of their docstring, which this test reads.)"""

import ast
import inspect
import re
from pathlib import Path

import sudokit._sudokit as module

STUB = Path(module.__file__).with_name("_sudokit.pyi")


def split_top_level(text):
    """Splits "a: int, b: tuple[int, int] = (1, 2)" at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def runtime_parameters(function):
    """[(name, keyword_only)] from pybind11's signature line ("f(a: object, *, b: int = 2) -> ...");
    for an overloaded function, its first overload."""
    lines = [l for l in (function.__doc__ or "").splitlines() if l.strip()]
    line = lines[1] if lines and lines[0] == "Overloaded function." else lines[0]
    line = re.sub(r"^\d+\. ", "", line)
    inner = line[line.index("(") + 1:line.rindex(") ->")]
    parameters, keyword_only = [], False
    for part in split_top_level(inner):
        if part == "*":
            keyword_only = True
            continue
        parameters.append((part.split(":")[0].strip(), keyword_only))
    return parameters


def stub_functions():
    """{name: [(name, keyword_only)]} of the stub's module-level functions (an overloaded one by
    its first declaration)."""
    tree = ast.parse(STUB.read_text())
    functions = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name not in functions:
            args = node.args
            functions[node.name] = ([(a.arg, False) for a in args.args] +
                                    [(a.arg, True) for a in args.kwonlyargs])
    return functions


def test_every_function_has_a_stub_with_its_parameters():
    stubs = stub_functions()
    functions = {name: f for name, f in vars(module).items()
                 if callable(f) and not inspect.isclass(f) and not name.startswith("_")}
    assert functions, "no functions found in the module"
    assert set(functions) == set(stubs)
    for name, function in functions.items():
        assert runtime_parameters(function) == stubs[name], name


def test_options_are_keyword_only():
    for name, parameters in stub_functions().items():
        positional = [p for p, keyword_only in parameters if not keyword_only]
        # The puzzle (or puzzles, count, line, size and seed of the helpers) comes first; every
        # option after it is named.
        assert len(positional) <= 3, (name, positional)
        if name in {"solve", "count", "explain", "explain_text", "hint", "rate", "solve_many",
                    "count_many", "rate_many", "generate"}:
            assert len(positional) == 1, (name, positional)
