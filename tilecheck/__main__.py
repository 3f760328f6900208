"""``python -m tilecheck``: the same as the ``tilecheck`` command."""

from __future__ import annotations

import sys

from tilecheck.cli import main

if __name__ == "__main__":
    sys.exit(main())
