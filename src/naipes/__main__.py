"""``python -m naipes``: the ``naipes`` command (see :mod:`naipes.cli`).

.. versionadded:: 1.1
"""

from __future__ import annotations

import sys

from naipes.cli import main

if __name__ == "__main__":
    sys.exit(main())
