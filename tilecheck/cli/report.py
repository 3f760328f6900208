"""Printing a run's outcome: the findings in the chosen format (or ``--statistics``), the
summary line of the human formats, and the files that could not be checked; and the exit
code that goes with it."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from typing import TextIO

from tilecheck.cli.options import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, Options
from tilecheck.engine import FileError, Report
from tilecheck.formats import HUMAN_FORMATS, Style, gaps, render, statistics


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def summary(report: Report, fixed: int, style: Style) -> str:
    found = len(report.diagnostics)
    if report.gaps:
        gave_up = f"Gave up on objects at {plural(len(report.gaps), 'place')} (not findings).\n"
        return gave_up + summary(dataclasses.replace(report, gaps=[]), fixed, style)
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
    if not options.silent and options.show_gaps:
        _write_with_gaps(report, output_format, options, out, style)
    elif not options.silent:
        if options.statistics:
            kind = "json" if output_format == "json" else "text"
            out.write(statistics.render(report.diagnostics, kind))
        elif report.diagnostics or output_format in ("json", "sarif"):
            text = render(output_format, report.diagnostics, style=style)
            full = output_format == "full" and report.diagnostics
            out.write(text + ("\n" if full else ""))
    if output_format in HUMAN_FORMATS and not options.quiet:
        out.write(summary(report, fixed, style))


def _write_with_gaps(
    report: Report, output_format: str, options: Options, out: TextIO, style: Style
) -> None:
    """``--show-gaps``: the findings, then the gaps (``tilecheck.formats.gaps``); in JSON one
    object of both; SARIF and GitHub annotations carry findings only."""
    findings, found = report.diagnostics, report.gaps
    if output_format == "json":
        if options.statistics:
            rows = json.loads(statistics.render(findings, "json"))
            table = {"findings": rows, "gaps": gaps.statistics_rows(found)}
            out.write(json.dumps(table, indent=2) + "\n")
        else:
            out.write(gaps.render_json(findings, found))
        return
    if options.statistics:
        out.write(statistics.render(findings, "text"))
        out.write(gaps.statistics_text(found))
        return
    if findings or output_format == "sarif":
        text = render(output_format, findings, style=style)
        out.write(text + ("\n" if output_format == "full" and findings else ""))
    if output_format in HUMAN_FORMATS:
        out.write(gaps.render_text(found, style))


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
