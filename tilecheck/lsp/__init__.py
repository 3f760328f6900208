"""``tilecheck lsp``: a language server publishing tilecheck's findings as you type.

pygls is imported only when the server starts, so ``import tilecheck`` never needs it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

INSTALL_HINT = 'tilecheck lsp needs pygls and lsprotocol: pip install "tilecheck[lsp]"'
_SERVER_DEPENDENCIES = ("pygls", "lsprotocol", "cattrs", "attrs")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server on stdin/stdout; the exit status once the client ends the session.

    ``argv`` are the arguments after ``lsp`` (``--stdio`` is accepted, and is the default, as
    many clients pass it)."""
    parser = argparse.ArgumentParser(
        prog="tilecheck lsp",
        description="Language server: tilecheck's findings in any LSP editor (stdio).",
    )
    parser.add_argument("--stdio", action="store_true", help="talk LSP on stdin/stdout (default)")
    parser.parse_args(list(argv) if argv is not None else [])
    try:
        from tilecheck.lsp.server import serve
    except ImportError as e:
        if (e.name or "").partition(".")[0] not in _SERVER_DEPENDENCIES:
            raise
        print(f"{INSTALL_HINT} ({e})", file=sys.stderr)
        return 2
    return serve()


__all__ = ["INSTALL_HINT", "main"]
