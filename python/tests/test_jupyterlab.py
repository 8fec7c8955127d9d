"""The notebook widget in a real browser: JupyterLab and Jupyter Notebook 7
(from PyPI) served on 127.0.0.1, headless Chromium opens
examples/xla_layout_tour.ipynb, runs it,
and checks that the widget's canvas draws and that setting ``w.shape`` from
the kernel redraws it (browser/jupyterlab.mjs does the browser side).

Skips, saying why, when JupyterLab, node, playwright-core
(tests/e2e/node_modules: ``npm ci`` there), Chromium or the element's files
in the wheel (``trunk build --release`` before scripts/python-test.sh) are
missing; XLA_LAYOUT_REQUIRE_BROWSER=1 turns those skips into failures."""

import os
import pathlib
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import E2E_MODULES, browser_missing, skip_loudly

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NOTEBOOK = ROOT / "examples" / "xla_layout_tour.ipynb"
#: front end: (its module, its app's config class, the notebook's URL path)
FRONT_ENDS = {
    "jupyterlab": ("jupyterlab", "LabApp", "lab/tree/"),
    "notebook7": ("notebook", "JupyterNotebookApp", "notebooks/"),
}


def missing(module):
    """Why the browser test cannot run here, or None."""
    try:
        __import__(module)
        import anywidget  # noqa: F401
    except ImportError as e:
        return f"{module} and anywidget are needed ({e})"
    return browser_missing()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module", params=sorted(FRONT_ENDS))
def jupyterlab(request, tmp_path_factory):
    module, app, tree = FRONT_ENDS[request.param]
    reason = missing(module)
    if reason:
        skip_loudly(f"{request.param} browser test", reason)
    work = tmp_path_factory.mktemp(request.param)
    shutil.copy(NOTEBOOK, work / NOTEBOOK.name)
    home = work / "home"
    home.mkdir()
    port, token = free_port(), secrets.token_hex(16)
    env = dict(
        os.environ,
        # Nothing of the user's Jupyter configuration or workspaces.
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
    )
    log = open(work / "server.log", "w")
    server = subprocess.Popen(
        [
            sys.executable, "-m", module, "--no-browser",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
            "--allow-root", f"--{app}.expose_app_in_browser=True",
        ],
        cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            if server.poll() is not None:
                pytest.fail(f"jupyter lab exited:\n{(work / 'server.log').read_text()}")
            try:
                urllib.request.urlopen(f"{url}api/status?token={token}", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"jupyter lab did not answer:\n{(work / 'server.log').read_text()}")
                time.sleep(0.5)
        yield url, token, work, f"{url}{tree}{NOTEBOOK.name}?token={token}", request.param
    finally:
        # The server and the kernels it started (its session's processes).
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(server.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        log.close()


def test_widget_draws_and_redraws_in_jupyterlab(jupyterlab):
    url, token, work, page, name = jupyterlab
    done = subprocess.run(
        ["node", str(HERE / "browser" / "jupyterlab.mjs")],
        env=dict(os.environ, NOTEBOOK_URL=page, SHOT_NAME=name, E2E_MODULES=str(E2E_MODULES)),
        capture_output=True, text=True, timeout=400,
    )
    print(done.stdout)
    assert done.returncode == 0, (
        f"{done.stdout}\n{done.stderr}\n--- jupyter lab log ---\n{(work / 'server.log').read_text()[-4000:]}"
    )
    assert f"{name} widget: ok" in done.stdout
