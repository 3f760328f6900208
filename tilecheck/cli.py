"""The ``tilecheck`` command: ``check`` (the default), ``explain CODE``, ``rules``, ``lsp``.

Exit codes follow ruff: 0 clean, 1 findings, 2 a usage, config or internal error. Findings and
the summary go to stdout, errors to stderr."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from tilecheck import __version__
from tilecheck.config import OUTPUT_FORMATS, ConfigError, load_config
from tilecheck.discovery import missing_paths
from tilecheck.engine import Report, check_paths
from tilecheck.formats import render, statistics

COMMANDS = ("check", "explain", "rules", "lsp")
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
_SUMMARY_FORMATS = ("text", "full")

_EPILOG = """\
commands:
  tilecheck [check] [PATH ...]   check files and folders (the default command)
  tilecheck explain CODE         explain a rule, with examples
  tilecheck rules                list every rule
  tilecheck lsp                  run the language server (needs the `lsp` extra)

exit status: 0 no findings, 1 findings, 2 usage, config or internal error.
"""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors by raising, so ``main`` returns 2 instead of
    exiting the interpreter."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(EXIT_ERROR)


def _comma_list(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part for value in values for part in value.split(",") if part.strip()]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number of jobs, got {text!r}")
    return value


def _check_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tilecheck",
        description="Static ownership checks for tilert GPU tile kernels.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="*", type=Path, help="files and folders (default: .)")
    parser.add_argument("--output-format", choices=OUTPUT_FORMATS, help="default: text")
    parser.add_argument(
        "--select", action="append", metavar="CODES", help="comma list of codes or prefixes"
    )
    parser.add_argument(
        "--ignore", action="append", metavar="CODES", help="comma list of codes or prefixes"
    )
    parser.add_argument(
        "--statistics", action="store_true", help="print the count of findings per code"
    )
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    parser.add_argument(
        "--jobs", "-j", type=_positive, metavar="N", help="worker processes (default: CPUs)"
    )
    parser.add_argument(
        "--config", type=Path, metavar="PATH", help="a pyproject.toml or tilecheck.toml"
    )
    parser.add_argument("--version", action="version", version=f"tilecheck {__version__}")
    return parser


def _print_errors(report: Report, err: TextIO) -> None:
    for error in report.errors:
        err.write(f"error: {error.path}: {error.message}\n")
        if error.detail:
            err.write("  tilecheck crashed on this file (a bug: please report it with the file)\n")
            err.write(textwrap.indent(error.detail.rstrip(), "  ") + "\n")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _summary(report: Report) -> str:
    found = len(report.diagnostics)
    if report.errors:
        unchecked = _plural(len(report.errors), "file")
        return f"Found {_plural(found, 'error')}; {unchecked} could not be checked.\n"
    return f"Found {_plural(found, 'error')}.\n" if found else "All checks passed!\n"


def check(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args = _check_parser().parse_args(argv)
    paths: list[Path] = args.paths or [Path(".")]
    missing = missing_paths(paths)
    if missing:
        for path in missing:
            err.write(f"error: {path}: no such file or directory\n")
        return EXIT_ERROR
    try:
        config = load_config(start=paths[0], explicit=args.config).overridden(
            select=_comma_list(args.select),
            ignore=_comma_list(args.ignore),
            output_format=args.output_format,
        )
    except ConfigError as e:
        err.write(f"error: {e}\n")
        return EXIT_ERROR
    report = check_paths(paths, config, jobs=args.jobs)
    if report.files == 0:
        err.write("warning: no Python files found under the given paths\n")
    fmt = config.output_format
    if args.statistics:
        out.write(statistics.render(report.diagnostics, "json" if fmt == "json" else "text"))
    elif report.diagnostics or fmt in ("json", "sarif"):
        text = render(fmt, report.diagnostics)
        out.write(text + ("\n" if fmt == "full" and report.diagnostics else ""))
    if fmt in _SUMMARY_FORMATS:
        out.write(_summary(report))
    _print_errors(report, err)
    if report.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.diagnostics and not args.exit_zero else EXIT_CLEAN


def _example(title: str, code: str) -> str:
    return f"{title}:\n\n{textwrap.indent(code.strip(chr(10)), '    ')}\n"


def explain(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from tilecheck.catalog import catalog

    parser = _Parser(prog="tilecheck explain", description="Explain a rule, with examples.")
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

    _Parser(prog="tilecheck rules", description="List every rule.").parse_args(argv)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args and args[0] in COMMANDS else "check"
    rest = args[1:] if args and args[0] == command else args
    handler = {"check": check, "explain": explain, "rules": rules, "lsp": lsp}[command]
    try:
        return handler(rest, sys.stdout, sys.stderr)
    except BrokenPipeError:  # `tilecheck | head`: the reader left; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FINDINGS
    except SystemExit as e:  # argparse's --help, --version and usage errors
        return e.code if isinstance(e.code, int) else EXIT_ERROR
    except ConfigError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_ERROR
