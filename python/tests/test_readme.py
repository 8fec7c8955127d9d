"""The README's "From Python" example runs as printed, with the outputs
its comments promise."""

import contextlib
import io
import re

from conftest import ROOT


def test_readme_example_runs_and_prints_what_it_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## From Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "60 96 1.6"
    assert lines[1] == "17 (2, 3)"
    assert lines[2] == "None"
    assert lines[5].startswith("(15, 16) L(n) must be at least 1")
    # docs/scan.md's worked example: 4096*8*3 f32 padded to 4096*8*128.
    assert lines[6] == f"{4096 * 8 * 128 * 4} {100 * (1 - 3 / 128)}"
