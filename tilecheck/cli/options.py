"""The ``check`` command's flags, named as ruff names them where ruff has the flag, and the
exit codes (ruff's: 0 clean, 1 findings, 2 a usage, config or internal error)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tilecheck import __version__
from tilecheck.config import OUTPUT_FORMATS
from tilecheck.frozen import frozen

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
STDIN = "-"

_EPILOG = """\
commands:
  tilecheck [check] [PATH ...]   check files and folders (the default command)
  tilecheck explain CODE         explain a rule, with examples
  tilecheck rules                list every rule
  tilecheck lsp                  run the language server (needs the `lsp` extra)

standard input: `tilecheck - --stdin-filename src/app.py < app.py` checks the text as that
file (its config, per-file-ignores and excludes apply).

exit status: 0 no findings, 1 findings, 2 usage, config or internal error.
"""


class Parser(argparse.ArgumentParser):
    """argparse that reports usage errors by raising, so ``main`` returns 2 instead of
    exiting the interpreter."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(EXIT_ERROR)


@frozen
class Options:
    paths: tuple[Path, ...]
    stdin: bool  # check standard input, as ``stdin_filename`` (or "-")
    stdin_filename: str | None
    config: Path | None
    select: list[str] | None
    extend_select: list[str]
    ignore: list[str]
    extend_ignore: list[str]
    output_format: str | None
    output_file: Path | None
    respect_gitignore: bool | None
    statistics: bool
    show_gaps: bool  # also print where the host analysis gave up on an object (no findings)
    exit_zero: bool
    jobs: int | None
    quiet: bool  # findings only: no summary, warnings or progress
    silent: bool  # nothing on stdout; the exit code says it
    color: str  # auto, always or never
    show_settings: bool
    show_files: bool
    watch: bool
    fix: bool
    diff: bool  # implies fix: show what it would change, write nothing
    add_noqa: bool

    @property
    def fixing(self) -> bool:
        return self.fix or self.diff or self.add_noqa


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


def check_parser() -> Parser:
    parser = Parser(
        prog="tilecheck",
        description="Static ownership checks for tilert GPU tile kernels.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="*", help="files and folders (default: .); - for stdin")
    rules = parser.add_argument_group("rule selection")
    for flag, text in (
        ("--select", "codes or prefixes to check (replaces the config's selection)"),
        ("--extend-select", "codes or prefixes to check besides the selected ones"),
        ("--ignore", "codes or prefixes not to check"),
        ("--extend-ignore", "the same as --ignore"),
    ):
        rules.add_argument(flag, action="append", metavar="CODES", help=f"comma list: {text}")
    output = parser.add_argument_group("output")
    output.add_argument("--output-format", choices=OUTPUT_FORMATS, help="default: text")
    output.add_argument("--output-file", "-o", type=Path, metavar="PATH", help="instead of stdout")
    output.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour text and full output (auto: on a terminal, unless NO_COLOR is set)",
    )
    output.add_argument("--quiet", "-q", action="store_true", help="print findings only")
    output.add_argument("--silent", "-s", action="store_true", help="print nothing on stdout")
    output.add_argument(
        "--statistics", action="store_true", help="print the count of findings per code"
    )
    output.add_argument(
        "--show-gaps",
        action="store_true",
        help="also print each place the ownership analysis gave up on an object, and why "
        "(TC9xx notes: never findings, never failing the run; with --statistics, counts)",
    )
    output.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    output.add_argument("--show-settings", action="store_true", help="print the settings used")
    output.add_argument("--show-files", action="store_true", help="print the files to check")
    fixes = parser.add_argument_group("fixes")
    fixes.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes: remove unused suppressions (TC002), insert a missing "
        "`.wait()` where it is unambiguous (TC108)",
    )
    fixes.add_argument("--diff", action="store_true", help="print the fixes as a diff, write none")
    fixes.add_argument(
        "--add-noqa",
        action="store_true",
        help="silence every finding with `# tilecheck: ignore[CODE]` on its line",
    )
    run = parser.add_argument_group("running")
    run.add_argument("--watch", "-w", action="store_true", help="check again on every change")
    run.add_argument("--stdin-filename", metavar="PATH", help="the file standard input stands for")
    run.add_argument(
        "--config", type=Path, metavar="PATH", help="a pyproject.toml or tilecheck.toml"
    )
    run.add_argument(
        "--respect-gitignore",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="skip what .gitignore files ignore (default: the config's, else yes)",
    )
    run.add_argument(
        "--jobs", "-j", type=_positive, metavar="N", help="worker processes (default: CPUs)"
    )
    parser.add_argument("--version", action="version", version=f"tilecheck {__version__}")
    return parser


def parse_check_args(argv: Sequence[str]) -> tuple[Options, list[str]]:
    """The options of ``argv`` and the warnings they deserve (a path ignored in favour of
    standard input). Usage errors raise ``SystemExit(2)`` after printing why."""
    parser = check_parser()
    args = parser.parse_args(argv)
    raw: list[str] = args.paths
    stdin = args.stdin_filename is not None or raw == [STDIN]
    warnings: list[str] = []
    if stdin:
        warnings.extend(
            f"ignoring {path} in favour of standard input" for path in raw if path != STDIN
        )
    elif STDIN in raw:
        parser.error("`-` (standard input) cannot be checked with other paths")
    if stdin and args.watch:
        parser.error("--watch cannot read standard input")
    if args.show_gaps and (args.fix or args.diff or args.add_noqa):
        parser.error("--show-gaps cannot be combined with --fix, --diff or --add-noqa")
    if args.add_noqa and (args.fix or args.diff):
        parser.error("--add-noqa cannot be combined with --fix or --diff")
    options = Options(
        paths=tuple(Path(p) for p in raw if p != STDIN),
        stdin=stdin,
        stdin_filename=args.stdin_filename,
        config=args.config,
        select=_comma_list(args.select),
        extend_select=_comma_list(args.extend_select) or [],
        ignore=_comma_list(args.ignore) or [],
        extend_ignore=_comma_list(args.extend_ignore) or [],
        output_format=args.output_format,
        output_file=args.output_file,
        respect_gitignore=args.respect_gitignore,
        statistics=args.statistics,
        show_gaps=args.show_gaps,
        exit_zero=args.exit_zero,
        jobs=args.jobs,
        quiet=args.quiet or args.silent,
        silent=args.silent,
        color=args.color,
        show_settings=args.show_settings,
        show_files=args.show_files,
        watch=args.watch,
        fix=args.fix or args.diff,
        diff=args.diff,
        add_noqa=args.add_noqa,
    )
    return options, warnings
