# A tiny Sphinx project using the xla-layout directive (built by
# python/tests/test_sphinx.py).
project = "xla-layout demo"
extensions = ["xla_layout.sphinx"]
version = "0.1"
copyright = "the xla-layout-viz authors"
