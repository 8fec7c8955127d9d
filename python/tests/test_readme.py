"""The README's Python example and docs/reference.md's Python tour run as
printed: the README's output block is compared exactly with what the
package prints today, the tour's comments line by line (issue 25)."""

import contextlib
import io
import re

from conftest import ROOT


def run(code, where):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, where, "exec"), {})
    return out.getvalue()


def test_readme_example_prints_its_output_block():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Python", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"```python\n(.*?)```\s*```text\n(.*?)```", section, re.S)
    assert match, "the README's Python section has a python block and its output"
    code, printed = match.group(1), match.group(2)
    assert len(code.strip().splitlines()) == 3, "three lines, as the README promises"
    assert run(code, "README.md") == printed


def test_readme_names_the_one_step_install():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Python", 1)[1].split("\n## ", 1)[0]
    assert "bash scripts/python-install.sh" in section
    assert (ROOT / "scripts" / "python-install.sh").is_file()


def test_reference_tour_runs_and_prints_what_it_says():
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    section = reference.split("## Python: a tour", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    lines = run(code, "docs/reference.md").splitlines()
    assert lines[0] == "60 96 1.6"
    assert lines[1] == "17 (2, 3)"
    assert lines[2] == "None"
    assert lines[5].startswith("(15, 16) L(n) must be at least 1")
    # docs/scan.md's worked example: 4096*8*3 f32 padded to 4096*8*128.
    assert lines[6] == f"{4096 * 8 * 128 * 4} {100 * (1 - 3 / 128)}"
