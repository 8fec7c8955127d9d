"""The GIL is released during long native work: another Python thread
keeps running while `compare` walks 2^24 elements (about half a second).

With the GIL held, the counting thread could run only until the worker
enters native code (one switch interval, 0.1 ms here) and after it
returns; released, it counts for the whole call."""

import sys
import threading

import xla_layout as X


def test_other_threads_run_during_compare():
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        inside = threading.Event()
        done = threading.Event()
        result = {}

        def work():
            inside.set()
            result["c"] = X.compare("f32[4096,4096]{1,0}", "f32[4096,4096]{0,1}")
            done.set()

        worker = threading.Thread(target=work)
        worker.start()
        inside.wait()
        counted = 0
        while not done.is_set():
            counted += 1
        worker.join()
    finally:
        sys.setswitchinterval(old)
    assert result["c"]["elements"] == 4096 * 4096
    # Half a second of a Python loop is millions of iterations on any
    # machine; with the GIL held it would be a few hundred.
    assert counted > 100_000, counted
