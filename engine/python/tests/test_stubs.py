"""The type stubs stay true: every public name of the compiled part
(gorgon._gorgon) and of its classes is in _gorgon.pyi, and nothing there is
missing from it; gorgon.svg and gorgon.pgn carry inline annotations."""

import ast
import inspect
from pathlib import Path

import pytest

import gorgon
import gorgon._gorgon
import gorgon.pgn
import gorgon.svg


def stub_names():
    tree = ast.parse((Path(gorgon.__file__).parent / "_gorgon.pyi").read_text())
    top, classes = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            top.add(node.target.id)
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
            }
    return top, classes


def public(names):
    return {n for n in names if not n.startswith("__")}


def test_the_stubs_name_everything_the_compiled_part_has():
    top, classes = stub_names()
    runtime = public(dir(gorgon._gorgon)) - {"gorgon"}
    assert public(top) - {"_Node", "_Tree"} == runtime
    for name, methods in classes.items():
        cls = getattr(gorgon._gorgon, name)
        assert public(methods) == public(n for n in vars(cls)), name


def test_the_python_modules_are_annotated():
    for module in (gorgon.svg, gorgon.pgn):
        for name in module.__all__:
            obj = getattr(module, name)
            functions = [obj] if inspect.isfunction(obj) else [
                f for f in vars(obj).values() if inspect.isfunction(f) and not f.__name__.startswith("_")
            ] if inspect.isclass(obj) else []
            for f in functions:
                assert "return" in f.__annotations__, f"{module.__name__}.{name}: {f.__name__}"


def test_the_python_modules_type_check():
    """mypy --strict passes on gorgon.svg and gorgon.pgn against the stubs
    (when mypy is installed: `pip install mypy` in the test venv)."""
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--strict", "--no-incremental", "-p", "gorgon.svg", "-p", "gorgon.pgn"])
    assert status == 0, out + err
