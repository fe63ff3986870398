"""docs/notebooks/review.ipynb runs headless (nbclient + ipykernel, installed
by scripts/python-tests.sh), so the notebook cannot rot: a cell that
raises fails the test."""

import copy
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT

NOTEBOOK = ROOT / "docs" / "notebooks" / "review.ipynb"

nbformat = pytest.importorskip("nbformat", reason="nbformat is installed by scripts/python-tests.sh")
nbclient = pytest.importorskip("nbclient", reason="nbclient is installed by scripts/python-tests.sh")


def run(notebook):
    """Executes every cell in the notebook's folder, as a reader would."""
    client = nbclient.NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    return notebook


def outputs(cell):
    return cell.get("outputs", [])


def test_the_review_notebook_runs():
    notebook = run(nbformat.read(NOTEBOOK, as_version=4))
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code and all(c.execution_count is not None for c in code)
    # The plot is drawn, the worst moves are listed.
    images = [o for c in code for o in outputs(c) if "image/png" in o.get("data", {})]
    assert len(images) == 1
    worst = [c for c in code if "nlargest" in c.source][0]
    table = outputs(worst)[-1]["data"]["text/html"]
    assert "loss_cp" in table and "best_move" in table
    # The five worst positions drawn with two arrows each, and a Board that
    # shows itself: SVG outputs, parsed.
    pictures = [ET.fromstring(o["data"]["image/svg+xml"]) for c in code for o in outputs(c) if "image/svg+xml" in o.get("data", {})]
    assert len(pictures) == 6
    for svg in pictures[:5]:
        assert len([e for e in svg.iter() if e.get("data-arrow")]) == 2
    assert any("lastmove" in (e.get("class") or "") for e in pictures[5].iter())


def test_a_cell_that_raises_fails_the_run():
    # The harness itself: a broken cell must not pass unnoticed.
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    broken = copy.deepcopy(notebook)
    broken.cells.insert(2, nbformat.v4.new_code_cell("gorgon.Board('chess')"))
    with pytest.raises(nbclient.exceptions.CellExecutionError, match="chess"):
        run(broken)
