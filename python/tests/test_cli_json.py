"""The dicts equal the CLI's --json on the same inputs (the shared
fixtures in tests/fixtures/), and errors carry the CLI's message."""

import json

import pytest

import xla_layout as X
from conftest import fixture_texts

VALID = fixture_texts("valid")
INVALID = fixture_texts("invalid")


@pytest.mark.parametrize("name,text", VALID, ids=[n for n, _ in VALID])
def test_info_matches_cli(cli, name, text):
    assert X.info(text) == cli.json("info", text)


@pytest.mark.parametrize("name,text", VALID, ids=[n for n, _ in VALID])
def test_explain_matches_cli(cli, name, text):
    done = cli.run("explain", text, "--json")
    if done.returncode != 0:
        with pytest.raises(X.LayoutError) as info:
            X.explain(text, suggest=True)
        assert str(info.value) in done.stderr
        return
    assert X.explain(text, suggest=True) == json.loads(done.stdout)


@pytest.mark.parametrize(
    "text,at",
    [("f32[3,5]{1,0:T(2,2)}", (2, 3)), ("f32[8,8]{1,0:T(2,4)(2,1,1,1)}", (6, 5)),
     ("bf16[4,256]{0,1:T(8,128)(2,1)}", (3, 200)), ("s4[5,7]{1,0:T(2,4)E(4)}", (4, 6))],
)
def test_explain_at_matches_cli(cli, text, at):
    expected = cli.json("explain", text, "--at", ",".join(map(str, at)))
    assert X.explain(text, at=at, suggest=True) == expected


@pytest.mark.parametrize(
    "a,b",
    [("f32[2,3]{1,0}", "f32[2,3]{0,1}"), ("f32[3,5]{1,0:T(2,2)}", "f32[3,5]{1,0}"),
     ("bf16[16,256]{1,0:T(8,128)(2,1)}", "bf16[16,256]{0,1:T(8,128)(2,1)}"),
     ("f32[4096,4096]{1,0}", "f32[4096,4096]{0,1}")],
)
def test_compare_matches_cli(cli, a, b):
    assert X.compare(a, b) == cli.json("compare", a, b)


@pytest.mark.parametrize("name,text", INVALID, ids=[n for n, _ in INVALID])
def test_invalid_fixtures_raise_the_cli_message(cli, name, text):
    done = cli.run("info", text)
    assert done.returncode != 0
    with pytest.raises(X.LayoutError) as info:
        X.parse(text)
    assert str(info.value) in done.stderr


def test_leaf_info_is_the_cli_info_of_the_leaf_alone(cli):
    t = X.parse("(f32[3,5]{1,0:T(2,2)}, (s4[9]{0:T(4)E(4)}, bf16[2,2]{0,1}))")
    for leaf in t.leaves:
        assert json.loads(leaf.info_json()) == cli.json("info", leaf.canonical)
    assert json.loads(t.info_json()) == cli.json("info", t.canonical)
