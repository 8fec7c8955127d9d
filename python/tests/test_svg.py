"""`svg` is byte for byte what `xla-layout svg` prints with the same
options, and `Shape` shows that figure in notebooks."""

import html
import re

import pytest

import xla_layout as X
from conftest import fixture_texts

VALID = fixture_texts("valid")
OPTIONS = [
    dict(view="logical", labels="offset", width=640, theme="dark"),
    dict(view="memory", labels="index", width=2000, theme="light", colours="tile"),
    dict(view="both", labels="none", width=300, theme="dark", colours="logical"),
    dict(view="both", labels="letters", width=100),  # clamped as the CLI does
]


def cli_svg(cli, text, **options):
    args = ["svg", text]
    for key, value in options.items():
        args += [f"--{key}", str(value)]
    return cli.run(*args)


@pytest.mark.parametrize("name,text", VALID, ids=[n for n, _ in VALID])
def test_svg_matches_cli(cli, name, text):
    done = cli_svg(cli, text)
    if done.returncode != 0:
        with pytest.raises(X.LayoutError):
            X.svg(text)
        return
    assert X.svg(text) + "\n" == done.stdout


@pytest.mark.parametrize("options", OPTIONS)
def test_svg_options_match_cli(cli, options):
    for text in ["f32[3,5]{1,0:T(2,2)}", "bf16[8,1,130,16]{3,2,0,1:T(8,128)(2,1)}", "s4[7]{0:T(4)E(4)}"]:
        done = cli_svg(cli, text, **options)
        assert done.returncode == 0, done.stderr
        assert X.svg(text, **options) + "\n" == done.stdout


def test_svg_options_differ():
    # The options reach the figure (the comparisons above are not vacuous).
    text = "f32[3,5]{1,0:T(2,2)}"
    assert X.svg(text, theme="dark") != X.svg(text)
    assert X.svg(text, view="memory") != X.svg(text)
    assert 'width="640' in X.svg(text, width=640)


def test_svg_bad_input():
    with pytest.raises(X.LayoutError) as info:
        X.svg("f32[3,5]{1,0:T(2,2")
    assert info.value.span is not None
    with pytest.raises(X.LayoutError):
        X.svg("(f32[3]{0}, f32[2]{0})")
    with pytest.raises(ValueError, match="view must be one of"):
        X.svg("f32[3]{0}", view="sideways")
    with pytest.raises(ValueError, match="labels must be one of"):
        X.svg("f32[3]{0}", labels="<img onerror=alert(1)>")


def test_shape_repr_svg_is_the_cli_figure(cli):
    text = "f32[3,5]{1,0:T(2,2)}"
    done = cli_svg(cli, text)
    assert X.parse(text)._repr_svg_() + "\n" == done.stdout


def test_shape_repr_html_holds_the_figure_and_escaped_text():
    text = "f32[3,5]{1,0:T(2,2)}"
    page = X.parse(text)._repr_html_()
    assert X._native.inline_svg(X.svg(text)) in page
    assert "<?xml" not in page
    assert f"<code>{html.escape(text)}</code>" in page


def test_tuple_html_has_every_leaf_and_no_svg_of_its_own():
    text = "(f32[3,5]{1,0}, (s8[4]{0}, f32[?,2]{1,0}))"
    shape = X.parse(text)
    assert shape._repr_svg_() is None
    page = shape._repr_html_()
    assert X._native.inline_svg(X.svg("f32[3,5]{1,0}")) in page
    assert X._native.inline_svg(X.svg("s8[4]{0}")) in page
    assert page.count("<figure") == 3
    assert page.count("<svg") == 2  # the unbounded leaf has a reason instead
    # Outside the figures, nothing is markup but our own wrappers.
    outside = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    tags = set(re.findall(r"</?([a-zA-Z]+)", outside))
    assert tags <= {"div", "figure", "figcaption", "code", "p"}, tags


def test_inline_figures_do_not_share_ids():
    a = X._native.inline_svg(X.svg("f32[3,5]{1,0:T(2,2)}"))
    b = X._native.inline_svg(X.svg("f32[7,9]{0,1}", theme="dark"))
    ids_a = set(re.findall(r'id="([^"]+)"', a))
    ids_b = set(re.findall(r'id="([^"]+)"', b))
    assert ids_a and ids_b and not ids_a & ids_b
    # Every reference points at an id of the same figure.
    for page, ids in ((a, ids_a), (b, ids_b)):
        assert set(re.findall(r"url\(#([^)]+)\)", page)) <= ids
    # Only the ids changed: undo the prefix and the figure is the CLI's.
    prefix = next(iter(ids_a)).split("-", 1)[0] + "-"
    plain = X.svg("f32[3,5]{1,0:T(2,2)}")
    assert plain.endswith(a.replace(prefix, ""))
