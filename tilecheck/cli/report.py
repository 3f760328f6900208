"""Printing a run's outcome: the findings in the chosen format (or ``--statistics``), the
summary line of the human formats, and the files that could not be checked; and the exit
code that goes with it."""

from __future__ import annotations

import textwrap
from typing import TextIO

from tilecheck.cli.options import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, Options
from tilecheck.engine import FileError, Report
from tilecheck.formats import HUMAN_FORMATS, Style, render, statistics


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def summary(report: Report, fixed: int, style: Style) -> str:
    found = len(report.diagnostics)
    if report.errors:
        unchecked = plural(len(report.errors), "file")
        return f"Found {plural(found, 'error')}; {unchecked} could not be checked.\n"
    if fixed:
        return f"Found {plural(found + fixed, 'error')} ({fixed} fixed, {found} remaining).\n"
    return (
        f"Found {plural(found, 'error')}.\n"
        if found
        else style.success("All checks passed!") + "\n"
    )


def write_findings(
    report: Report, output_format: str, options: Options, out: TextIO, style: Style, fixed: int = 0
) -> None:
    """The findings (unless ``--silent``) and, for text and full, the summary (unless
    ``--quiet``)."""
    if not options.silent:
        if options.statistics:
            kind = "json" if output_format == "json" else "text"
            out.write(statistics.render(report.diagnostics, kind))
        elif report.diagnostics or output_format in ("json", "sarif"):
            text = render(output_format, report.diagnostics, style=style)
            full = output_format == "full" and report.diagnostics
            out.write(text + ("\n" if full else ""))
    if output_format in HUMAN_FORMATS and not options.quiet:
        out.write(summary(report, fixed, style))


def write_errors(errors: list[FileError], err: TextIO) -> None:
    for error in errors:
        err.write(f"error: {error.path}: {error.message}\n")
        if error.detail:
            err.write("  tilecheck crashed on this file (a bug: please report it with the file)\n")
            err.write(textwrap.indent(error.detail.rstrip(), "  ") + "\n")


def exit_code(report: Report, options: Options) -> int:
    if report.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if report.diagnostics and not options.exit_zero else EXIT_CLEAN
