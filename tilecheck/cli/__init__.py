"""The ``tilecheck`` command: ``check`` (the default), ``explain CODE``, ``rules``, ``lsp``.

Exit codes follow ruff: 0 clean, 1 findings, 2 a usage, config or internal error. One module a
job: ``options`` (flags), ``check`` (the run), ``report`` (printing it), ``fixing``, ``watch``,
``progress``, ``color``, ``show`` and ``commands`` (the other commands)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from tilecheck.cli.check import check
from tilecheck.cli.commands import explain, lsp, rules
from tilecheck.cli.options import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from tilecheck.config import ConfigError

COMMANDS = ("check", "explain", "rules", "lsp")

__all__ = ["COMMANDS", "EXIT_CLEAN", "EXIT_ERROR", "EXIT_FINDINGS", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and args[0] in COMMANDS else "check"
    rest = args[1:] if args and args[0] == command else args
    try:
        if command == "check":
            return check(rest, sys.stdout, sys.stderr, sys.stdin.buffer if sys.stdin else None)
        handler = {"explain": explain, "rules": rules, "lsp": lsp}[command]
        return handler(rest, sys.stdout, sys.stderr)
    except BrokenPipeError:  # `tilecheck | head`: the reader left; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS
    except SystemExit as e:  # argparse's --help, --version and usage errors
        return e.code if isinstance(e.code, int) else EXIT_ERROR
    except ConfigError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_ERROR
