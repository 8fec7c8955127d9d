"""The live element's files inside the wheel, for documentation sites and
the notebook widget: :func:`available`, :func:`site_files`,
:func:`write_site_files`, :func:`sharded_available`; ``python -m xla_layout.assets DIR`` writes them
into ``DIR`` (see ``xla_layout._assets``, where they are implemented).

``import xla_layout`` does not import this module (the widget uses
``xla_layout._assets``), so running it with ``-m`` gives no RuntimeWarning
about ``sys.modules``.
"""

from __future__ import annotations

import sys

from ._assets import (  # noqa: F401
    ELEMENT,
    GLUE,
    SHARDED_GLUE,
    SHARDED_WASM,
    STATIC,
    WASM,
    available,
    main,
    sharded_available,
    site_files,
    write_site_files,
)

if __name__ == "__main__":
    sys.exit(main())
