"""The commands besides ``check``: ``explain CODE``, ``rules`` and ``lsp``."""

from __future__ import annotations

import importlib
import textwrap
from collections.abc import Sequence
from typing import TextIO

from tilecheck.cli.options import EXIT_CLEAN, EXIT_ERROR, Parser


def _example(title: str, code: str) -> str:
    return f"{title}:\n\n{textwrap.indent(code.strip(chr(10)), '    ')}\n"


def explain(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from tilecheck.catalog import catalog

    parser = Parser(prog="tilecheck explain", description="Explain a rule, with examples.")
    parser.add_argument("code", help="a rule code (TC102) or slug (use-in-flight)")
    args = parser.parse_args(argv)
    rules = catalog()
    wanted = args.code.strip()
    rule = rules.get(wanted.upper()) or next((r for r in rules.values() if r.slug == wanted), None)
    if rule is None:
        err.write(f"error: unknown rule {wanted!r}; known codes: {', '.join(rules)}\n")
        return EXIT_ERROR
    parts = [
        f"{rule.code} ({rule.slug})\n",
        f"{rule.summary}\n",
        f"{textwrap.dedent(rule.explanation).strip()}\n",
    ]
    if rule.invalid:
        parts.append(_example("Invalid", rule.invalid[0].code))
    if rule.valid:
        parts.append(_example("Valid", rule.valid[0].code))
    out.write("\n".join(parts))
    return EXIT_CLEAN


def rules(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from tilecheck.catalog import catalog

    Parser(prog="tilecheck rules", description="List every rule.").parse_args(argv)
    table = catalog()
    width = max((len(r.slug) for r in table.values()), default=0)
    for rule in table.values():
        out.write(f"{rule.code}  {rule.slug:<{width}}  {rule.summary}\n")
    return EXIT_CLEAN


def lsp(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """Hand over to the language server (it parses its own arguments, such as ``--stdio``)."""
    try:
        server = importlib.import_module("tilecheck.lsp")
    except ModuleNotFoundError as e:
        dependency = (e.name or "").partition(".")[0]
        if dependency in ("pygls", "lsprotocol"):
            err.write(f"error: `tilecheck lsp` needs {dependency}: pip install 'tilecheck[lsp]'\n")
        else:
            err.write(f"error: `tilecheck lsp` is not available in this installation ({e})\n")
        return EXIT_ERROR
    result = server.main(list(argv))
    return result if isinstance(result, int) else EXIT_CLEAN
