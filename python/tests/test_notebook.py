"""examples/xla_layout_tour.ipynb executed with nbclient in a fresh kernel:
no cell fails, the figures are static SVG (what nbconvert, GitHub and PDF
show), they are the figures the API draws, and the outputs committed with
the notebook are the ones it gives today (so GitHub shows current ones)."""

import pathlib

import pytest

import xla_layout as X

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "examples" / "xla_layout_tour.ipynb"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    cwd = tmp_path_factory.mktemp("notebook")
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}).execute()
    return nb


def outputs(nb):
    return [c.outputs for c in nb.cells if c.cell_type == "code"]


def test_runs_without_errors(executed):
    for cell_outputs in outputs(executed):
        assert all(o.output_type != "error" for o in cell_outputs)


def test_figures_are_static_svg_from_the_api(executed):
    svgs = [o.data["image/svg+xml"] for cell in outputs(executed) for o in cell if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 3
    assert svgs[0] == X.parse("f32[3,5]{1,0:T(2,2)}")._repr_svg_()
    # IPython's SVG() drops the XML declaration and keeps the rest.
    want = X.svg("bf16[8,128]{1,0:T(8,128)(2,1)}", view="memory", labels="index", width=640)
    assert svgs[1].startswith("<svg ") and want.endswith(svgs[1])
    assert len(svgs[1]) > len(want) - 60
    # The widget's output carries the figure of the shape it was shown with.
    assert svgs[2] == X.svg("f32[3,5]{1,0:T(2,2)}")


def test_widget_output_is_a_widget_view_with_its_svg(executed):
    widget = [o for cell in outputs(executed) for o in cell if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widget) == 1
    assert widget[0].data["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert widget[0].data["image/svg+xml"].startswith("<?xml")


def test_sizes_cell_shows_the_worked_example(executed):
    # XLA's tiled-layout example: 24 elements of 4 bytes, (2,3) at 17.
    text = outputs(executed)[1][0].data["text/plain"]
    assert text == "(60, 96, 1.6, 17, (2, 3), (0, 3))"


def test_scan_and_memory_tables_show(executed):
    html_outputs = [o.data["text/html"] for cell in outputs(executed) for o in cell if "text/html" in o.get("data", {})]
    assert any('<table class="xla-layout-scan">' in h for h in html_outputs)
    assert any('<table class="xla-layout-memory">' in h for h in html_outputs)


def test_committed_outputs_are_current(executed):
    committed = nbformat.read(NOTEBOOK, as_version=4)
    assert len(outputs(committed)) == len(outputs(executed))
    for old, new in zip(outputs(committed), outputs(executed)):
        strip = lambda cell: [(o.output_type, without_model_id(o.get("data", {})), o.get("text")) for o in cell]  # noqa: E731
        assert strip(old) == strip(new)


VIEW = "application/vnd.jupyter.widget-view+json"


def without_model_id(data):
    """An output's data without a widget view: the committed notebook has
    none (its model is not saved with the file, so a front end opening it
    without running it would show "model not found" instead of the SVG)."""
    return {k: v for k, v in data.items() if k != VIEW}


def test_committed_widget_output_is_the_static_figure():
    committed = nbformat.read(NOTEBOOK, as_version=4)
    data = [o.get("data", {}) for cell in outputs(committed) for o in cell]
    assert not any(VIEW in d for d in data)
    widget = [d for d in data if d.get("text/plain", "").startswith("LayoutWidget(")]
    assert len(widget) == 1 and widget[0]["image/svg+xml"] == X.svg("f32[3,5]{1,0:T(2,2)}")
