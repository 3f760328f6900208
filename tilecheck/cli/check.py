"""The ``check`` command (the default): settings, files (or standard input), the check, fixes
if asked, then the findings. Findings and the summary go to stdout (or ``--output-file``),
errors, warnings and progress to stderr; with ``--fix`` on standard input the fixed text goes
to stdout and the findings to stderr, as editors expect of ruff."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, TextIO

from tilecheck.cli import show
from tilecheck.cli.color import use_color
from tilecheck.cli.fixing import Fixed, Outcome, fix_files, fix_source, unified_diff
from tilecheck.cli.options import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, Options, parse_check_args
from tilecheck.cli.progress import Progress
from tilecheck.cli.report import exit_code, plural, write_errors, write_findings
from tilecheck.cli.watch import fingerprint, watch
from tilecheck.config import CONFIG_NAMES, Config, ConfigError, load_config
from tilecheck.diagnostics import Diagnostic
from tilecheck.discovery import Excluder, discover, missing_paths
from tilecheck.engine import Report, add_results, check_bytes, check_paths, make_project
from tilecheck.formats import HUMAN_FORMATS, Style
from tilecheck.parsing import decode_source


def check(argv: Sequence[str], out: TextIO, err: TextIO, stdin: BinaryIO | None = None) -> int:
    """``tilecheck [check] ...``: parse ``argv``, run once or ``--watch``; the exit code."""
    options, warnings = parse_check_args(argv)
    if not options.quiet:
        err.writelines(f"warning: {warning}\n" for warning in warnings)
    if options.watch:
        return watch(lambda: run(options, out, err, stdin), lambda: _watched(options), err)
    return run(options, out, err, stdin)


def run(options: Options, out: TextIO, err: TextIO, stdin: BinaryIO | None) -> int:
    """One run. A config error is exit 2 (under ``--watch``, printed and watched on)."""
    paths = _paths(options)
    missing = [] if options.stdin else missing_paths(paths)
    if missing:
        err.writelines(f"error: {path}: no such file or directory\n" for path in missing)
        return EXIT_ERROR
    try:
        config = _config(options)
        with _output(options, out) as target:
            if options.show_settings:
                target.write(show.settings(config, options.stdin_filename or str(paths[0])))
                return EXIT_CLEAN
            if options.stdin:
                return _check_stdin(options, config, target, err, stdin)
            return _check_files(options, config, paths, target, err)
    except ConfigError as e:
        err.write(f"error: {e}\n")
        return EXIT_ERROR
    except OSError as e:  # --output-file could not be written
        err.write(f"error: {e.filename}: {e.strerror or e}\n")
        return EXIT_ERROR


def _paths(options: Options) -> list[Path]:
    if options.stdin:
        return [Path(options.stdin_filename or ".")]
    return list(options.paths) or [Path(".")]


def _config(options: Options) -> Config:
    return load_config(start=_paths(options)[0], explicit=options.config).overridden(
        select=options.select,
        extend_select=options.extend_select,
        ignore=options.ignore,
        extend_ignore=options.extend_ignore,
        output_format=options.output_format,
        respect_gitignore=options.respect_gitignore,
        show_gaps=options.show_gaps,
    )


@contextlib.contextmanager
def _output(options: Options, out: TextIO) -> Iterator[TextIO]:
    if options.output_file is None:
        yield out
        return
    options.output_file.parent.mkdir(parents=True, exist_ok=True)
    with options.output_file.open("w", encoding="utf-8") as f:
        yield f


def _style(options: Options, config: Config, stream: TextIO) -> Style:
    human = config.output_format in HUMAN_FORMATS
    return Style(color=human and use_color(options.color, stream, os.environ))


def _progress(options: Options, config: Config, err: TextIO) -> Progress | None:
    """A progress line, where someone watches: stderr a terminal, a human format, not
    ``--quiet``."""
    isatty = getattr(err, "isatty", None)
    if options.quiet or config.output_format not in HUMAN_FORMATS or not (isatty and isatty()):
        return None
    return Progress(err)


def _check_files(
    options: Options, config: Config, paths: list[Path], out: TextIO, err: TextIO
) -> int:
    if options.show_files:
        out.write(show.files(discover(paths, config)))
        return EXIT_CLEAN
    progress = _progress(options, config, err)
    try:
        report = check_paths(paths, config, jobs=options.jobs, progress=progress)
    finally:
        if progress is not None:
            progress.close()
    if report.files == 0 and not options.quiet:
        err.write("warning: no Python files found under the given paths\n")
    if not options.fixing:
        write_findings(report, config.output_format, options, out, _style(options, config, out))
        write_errors(report.errors, err)
        return exit_code(report, options)
    project = make_project(paths, config)
    outcome = fix_files(
        report.diagnostics, config, project, add_noqa=options.add_noqa, write=not options.diff
    )
    report.diagnostics = outcome.diagnostics
    report.errors.extend(outcome.errors)
    if options.diff and not options.silent:
        out.writelines(unified_diff(path, before, after) for path, before, after in outcome.changed)
    return _after_fixing(options, config, report, outcome, out, err)


def _after_fixing(
    options: Options, config: Config, report: Report, outcome: Outcome, out: TextIO, err: TextIO
) -> int:
    """Report what ``--fix``, ``--diff`` or ``--add-noqa`` did (the diff or fixed text are
    already written) and give the exit code: ``--diff`` exits 1 if it would change anything,
    ``--add-noqa`` 0, ``--fix`` as a check of what is left."""
    if options.diff or options.add_noqa:
        if not options.quiet:
            if options.diff:
                err.write(f"Would fix {plural(outcome.applied, 'error')}.\n")
            else:
                err.write(f"Added {plural(outcome.lines_changed(), 'noqa directive')}.\n")
        write_errors(report.errors, err)
        if report.errors:
            return EXIT_ERROR
        return EXIT_FINDINGS if options.diff and outcome.applied else EXIT_CLEAN
    style = _style(options, config, out)
    write_findings(report, config.output_format, options, out, style, outcome.applied)
    write_errors(report.errors, err)
    return exit_code(report, options)


def _check_stdin(
    options: Options, config: Config, out: TextIO, err: TextIO, stdin: BinaryIO | None
) -> int:
    """Standard input, checked as the file ``--stdin-filename`` (its settings apply; if
    excluded, nothing is reported)."""
    data = stdin.read() if stdin is not None else b""
    name = options.stdin_filename or "-"
    excluded = options.stdin_filename is not None and Excluder(config).excluded(name)
    project = make_project([Path(name).parent if options.stdin_filename else Path(".")], config)
    report = Report(files=1, parsed=1)
    if not excluded:
        result = check_bytes(data, name, config, project)
        add_results(report, result.diagnostics)
        report.errors.extend([result.error] if result.error is not None else [])
    if not options.fixing:
        write_findings(report, config.output_format, options, out, _style(options, config, out))
        write_errors(report.errors, err)
        return exit_code(report, options)
    text = decode_source(data, name)
    if isinstance(text, Diagnostic):  # undecodable: nothing to fix, the text passes through
        text = data.decode("utf-8", errors="replace")
        fixed = Fixed(text, 0, report.diagnostics)
    else:
        fixed = fix_source(text, name, report.diagnostics, config, project, options.add_noqa)
    report.diagnostics = fixed.diagnostics
    report.errors.extend([fixed.error] if fixed.error is not None else [])
    changed = [(name, text, fixed.source)] if fixed.source != text else []
    outcome = Outcome(changed, fixed.applied, fixed.diagnostics)
    out.write(unified_diff(name, text, fixed.source) if options.diff else fixed.source)
    # the fixed text took stdout: the findings go to stderr
    return _after_fixing(options, config, report, outcome, err, err)


def _watched(options: Options) -> object:
    """What ``--watch`` compares between polls: the files a run would check and every
    config file that could apply to them."""
    try:
        config = _config(options)
    except ConfigError:
        config = Config()
    paths = _paths(options)
    files: list[Path] = discover([p for p in paths if p.exists()], config)
    for path in paths:
        folder = path.absolute() if path.is_dir() else path.absolute().parent
        for above in (folder, *folder.parents):
            files.extend(above / name for name in CONFIG_NAMES)
    if options.config is not None:
        files.append(options.config)
    return fingerprint(files)
