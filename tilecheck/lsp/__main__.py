"""``python -m tilecheck.lsp``: the same server as ``tilecheck lsp``."""

from __future__ import annotations

import sys

from tilecheck.lsp import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
