"""The CLI conventions ruff users expect: quiet and silent, output files, standard input with
``--stdin-filename``, ``--extend-select``/``--extend-ignore``, per-file-ignores, ``# noqa``,
colour, ``--show-settings``/``--show-files``, ``--watch``, ``--fix``/``--diff``/``--add-noqa``,
``.gitignore``, ``tilecheck.toml``, progress and exit codes. Like test_cli, most tests stand
in for the rule passes with a tiny fake (TC102 on each ``use(``, TC105 on each ``never(``)."""

from __future__ import annotations

import io
import json
import re
import sys
import textwrap
import types
from pathlib import Path

import libcst as cst
import pytest

import tilecheck.cli.progress as progress_module
from tilecheck.cli import main
from tilecheck.cli.check import check
from tilecheck.cli.color import use_color
from tilecheck.cli.progress import Progress
from tilecheck.diagnostics import Diagnostic, Span

APP = "import tilert as tr\n\nuse(x)\nnever(y)\n"
ANSI = re.compile(r"\x1b\[[0-9;]*[mK]")


def use_finder(module: cst.Module, *, path: str, **_: object) -> list[Diagnostic]:
    found = []
    for number, text in enumerate(module.code.splitlines(), start=1):
        for word, code in (("use(", "TC102"), ("never(", "TC105")):
            at = text.find(word)
            if at >= 0:
                found.append(
                    Diagnostic(code, f"`{word[:-1]}` here", path, Span(number, at, number, at + 6))
                )
    return found


@pytest.fixture(autouse=True)
def fake_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("tilecheck.module_check")
    fake.check_module = use_finder  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tilecheck.module_check", fake)


@pytest.fixture(autouse=True)
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(*argv: str, stdin: bytes = b"", tty: bool = False) -> tuple[int, str, str]:
    out, err = (Terminal(), Terminal()) if tty else (io.StringIO(), io.StringIO())
    try:
        code = check(list(argv), out, err, io.BytesIO(stdin))
    except SystemExit as e:  # a usage error, as main would return it
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def codes(out: str) -> list[str]:
    return re.findall(r"TC\d{3}", out)


# -- output --------------------------------------------------------------------------------


def test_quiet_prints_findings_only_and_silent_nothing(project: Path) -> None:
    write(project / "app.py", APP)
    code, out, _ = run("-q")
    assert code == 1 and out.splitlines() == [
        "app.py:3:1: TC102 [use-in-flight] `use` here",
        "app.py:4:1: TC105 [op-never-run] `never` here",
    ]
    assert run("--quiet", "--ignore", "TC1") == (0, "", "")  # no "All checks passed!"
    assert run("-s") == (1, "", "")
    write(project / "empty" / "notes.txt", "")
    assert run("-q", "empty") == (0, "", "")  # not even the "no Python files" warning
    assert "no Python files" in run("empty")[2]


def test_output_file_takes_the_findings(project: Path) -> None:
    write(project / "app.py", APP)
    code, out, err = run("--output-format", "json", "--output-file", "reports/tc.json")
    assert (code, out, err) == (1, "", "")
    assert [d["code"] for d in json.loads((project / "reports" / "tc.json").read_text())] == [
        "TC102",
        "TC105",
    ]
    run("-o", "report.txt", "--color", "always")
    assert (project / "report.txt").read_text().endswith("Found 2 errors.\n")
    (project / "taken").write_text("")
    code, _, err = run("-o", "taken/x.txt")
    assert code == 2 and err.startswith("error: ") and "taken" in err


def test_exit_codes_are_ruffs(project: Path) -> None:
    write(project / "app.py", APP)
    assert run()[0] == 1
    assert run("--exit-zero")[0] == 0
    assert run("--ignore", "TC")[0] == 0
    assert run("missing.py")[0] == 2
    assert run("--select", "XYZ")[0] == 2
    assert run("--fix", "--add-noqa")[0] == 2
    assert run("-", "app.py", "--watch", "--stdin-filename", "a.py")[0] == 2
    write(project / "pyproject.toml", "[tool.tilecheck]\nper-file-ignores = 3\n")
    code, _, err = run()
    assert code == 2 and str(project / "pyproject.toml") in err and "per-file-ignores" in err


# -- standard input ------------------------------------------------------------------------


def test_stdin_is_checked_as_the_named_file(project: Path) -> None:
    code, out, _ = run("-", "--stdin-filename", "src/app.py", stdin=APP.encode())
    assert code == 1 and out.startswith("src/app.py:3:1: TC102")
    code, out, _ = run("-", stdin=APP.encode())
    assert code == 1 and out.startswith("-:3:1: TC102")
    code, out, err = run("other.py", "--stdin-filename", "a.py", stdin=b"x = 1\n")
    assert code == 0 and "ignoring other.py in favour of standard input" in err


def test_stdin_filename_gets_its_config_per_file_ignores_and_excludes(project: Path) -> None:
    write(
        project / "pyproject.toml",
        """\
        [tool.tilecheck]
        exclude = ["generated"]
        [tool.tilecheck.per-file-ignores]
        "tests/**" = ["TC102"]
        """,
    )
    data = APP.encode()
    assert codes(run("-", "--stdin-filename", "tests/unit/t.py", stdin=data)[1]) == ["TC105"]
    assert codes(run("-", "--stdin-filename", "src/t.py", stdin=data)[1]) == ["TC102", "TC105"]
    assert run("-", "--stdin-filename", "generated/g.py", stdin=data) == (
        0,
        "All checks passed!\n",
        "",
    )
    # through main, reading the process's own standard input
    sys_stdin = io.TextIOWrapper(io.BytesIO(data))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdin", sys_stdin)
        assert main(["-", "--stdin-filename", "tests/t.py", "-q"]) == 1


# -- rule selection ------------------------------------------------------------------------


def test_extend_select_and_extend_ignore_on_the_command_line(project: Path) -> None:
    write(project / "pyproject.toml", '[tool.tilecheck]\nignore = ["TC105"]\n')
    write(project / "app.py", APP)
    assert codes(run()[1]) == ["TC102"]
    assert codes(run("--extend-select", "TC105")[1]) == ["TC102", "TC105"]
    assert codes(run("--extend-ignore", "TC102")[1]) == []
    assert codes(run("--select", "TC105", "--extend-select", "TC102")[1]) == ["TC102", "TC105"]


def test_per_file_ignores_and_noqa_through_the_cli(project: Path) -> None:
    write(
        project / "pyproject.toml",
        """\
        [tool.tilecheck.per-file-ignores]
        "legacy/*.py" = ["TC105"]
        [tool.tilecheck.extend-per-file-ignores]
        "__init__.py" = ["TC1"]
        """,
    )
    write(project / "legacy" / "old.py", APP)
    write(project / "pkg" / "__init__.py", APP)
    write(project / "app.py", "import tilert\nuse(x)  # noqa: TC102\nnever(y)  # noqa: E501\n")
    assert run()[1].splitlines() == [
        "app.py:3:1: TC105 [op-never-run] `never` here",
        "legacy/old.py:3:1: TC102 [use-in-flight] `use` here",
        "Found 2 errors.",
    ]


def test_a_tilecheck_toml_is_discovered(project: Path) -> None:
    write(project / "app.py", APP)
    write(project / "tilecheck.toml", 'ignore = ["TC102"]\n')
    assert codes(run()[1]) == ["TC105"]
    write(project / "tilecheck.toml", "selekt = []\n")
    code, _, err = run()
    assert code == 2 and f"{project / 'tilecheck.toml'}: unknown key 'selekt'" in err


# -- colour --------------------------------------------------------------------------------


def test_colour_follows_the_flag_the_terminal_and_the_environment(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(project / "app.py", APP)
    assert ANSI.search(run(tty=True)[1])  # auto: a terminal
    assert not ANSI.search(run()[1])  # auto: a pipe
    assert ANSI.search(run("--color", "always")[1])
    assert not ANSI.search(run("--color", "never", tty=True)[1])
    assert not ANSI.search(run("--output-format", "json", "--color", "always")[1])
    monkeypatch.setenv("NO_COLOR", "1")
    assert not ANSI.search(run(tty=True)[1])
    assert ANSI.search(run("--color", "always")[1])  # the flag beats the environment
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not ANSI.search(run()[1])  # NO_COLOR wins over FORCE_COLOR
    monkeypatch.delenv("NO_COLOR")
    assert ANSI.search(run()[1])  # FORCE_COLOR colours a pipe


def test_use_color_rules() -> None:
    pipe, tty = io.StringIO(), Terminal()
    assert use_color("auto", tty, {}) and not use_color("auto", pipe, {})
    assert not use_color("auto", tty, {"NO_COLOR": "1"})
    assert use_color("auto", tty, {"NO_COLOR": ""})  # empty: not set, as no-color.org says
    assert use_color("auto", pipe, {"FORCE_COLOR": "1"}) and not use_color("never", tty, {})
    assert not use_color("auto", tty, {"TERM": "dumb"})


# -- show ----------------------------------------------------------------------------------


def test_show_settings_and_show_files(project: Path) -> None:
    write(project / "pyproject.toml", '[tool.tilecheck]\nexclude = ["gen"]\nignore = ["TC2"]\n')
    write(project / "app.py", APP)
    write(project / "gen" / "g.py", APP)
    write(project / "pkg" / "m.py", APP)
    code, out, _ = run("--show-settings", "--extend-ignore", "TC105")
    assert code == 0
    assert f"# config file: {project / 'pyproject.toml'}" in out
    rules = json.loads(next(line for line in out.splitlines() if line.startswith("rules = "))[8:])
    assert "TC102" in rules and "TC105" not in rules and "TC201" not in rules
    assert 'exclude = ["gen"]' in out
    assert run("--show-files") == (0, "app.py\npkg/m.py\n", "")


# -- watch ---------------------------------------------------------------------------------


def test_watch_checks_again_when_a_file_changes(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = write(project / "app.py", "import tilert\nx = 1\n")
    polls: list[float] = []

    def sleep(seconds: float) -> None:
        polls.append(seconds)
        if len(polls) == 2:
            app.write_text(APP)  # an edit between two polls
        if len(polls) == 4:
            raise KeyboardInterrupt  # Ctrl-C

    monkeypatch.setattr("tilecheck.cli.watch.time.sleep", sleep)
    code, out, err = run("--watch")
    assert code == 0
    assert out.split("All checks passed!\n") == [
        "",
        "app.py:3:1: TC102 [use-in-flight] `use` here\n"
        "app.py:4:1: TC105 [op-never-run] `never` here\nFound 2 errors.\n",
    ]
    assert "Watching for file changes" in err and err.count("File change detected") == 1


# -- fixes ---------------------------------------------------------------------------------

SUPPRESSED = """\
import tilert as tr
use(x)  # tilecheck: ignore[TC102]
y = 1  # tilecheck: ignore[TC105]
z = 2  # noqa: E501, TC105  # tilecheck: ignore[TC102]
# tilecheck: ignore-file[TC110]
never(y)
"""
FIXED = """\
import tilert as tr
use(x)  # tilecheck: ignore[TC102]
y = 1
z = 2  # noqa: E501
never(y)
"""


def test_fix_removes_unused_suppressions_and_reports_what_is_left(project: Path) -> None:
    app = write(project / "app.py", SUPPRESSED)
    code, out, _ = run("--fix")
    assert code == 1
    assert out.splitlines() == [
        "app.py:5:1: TC105 [op-never-run] `never` here",
        "Found 5 errors (4 fixed, 1 remaining).",
    ]
    assert app.read_text() == FIXED
    assert run("--fix", "--ignore", "TC105") == (0, "All checks passed!\n", "")


def test_diff_shows_the_fixes_and_writes_nothing(project: Path) -> None:
    app = write(project / "app.py", SUPPRESSED)
    code, out, err = run("--diff")
    assert code == 1 and app.read_text() == SUPPRESSED
    assert out.startswith("--- app.py\n+++ app.py\n@@")
    assert "\n-y = 1  # tilecheck: ignore[TC105]\n" in out and "\n+y = 1\n" in out
    assert err == "Would fix 4 errors.\n"
    write(project / "app.py", APP)
    assert run("--diff") == (0, "", "Would fix 0 errors.\n")


def test_add_noqa_silences_each_finding_once_per_line(project: Path) -> None:
    app = write(project / "app.py", "import tilert\nuse(x); never(y)\nuse(z)  # noqa: E501\n")
    code, out, err = run("--add-noqa")
    assert (code, out, err) == (0, "", "Added 2 noqa directives.\n")
    assert app.read_text() == (
        "import tilert\n"
        "use(x); never(y)  # tilecheck: ignore[TC102, TC105]\n"
        "use(z)  # noqa: E501  # tilecheck: ignore[TC102]\n"
    )
    assert run() == (0, "All checks passed!\n", "")


def test_fixes_keep_the_files_encoding_and_line_endings(project: Path) -> None:
    app = project / "latin.py"
    app.write_bytes(b"# coding: latin-1\r\nimport tilert\r\ns = '\xe9'  # noqa: TC105\r\n")
    assert run("--fix")[0] == 0
    assert app.read_bytes() == b"# coding: latin-1\r\nimport tilert\r\ns = '\xe9'\r\n"


def test_fix_on_stdin_writes_the_text_to_stdout_and_findings_to_stderr(project: Path) -> None:
    code, out, err = run("-", "--fix", "--stdin-filename", "app.py", stdin=SUPPRESSED.encode())
    assert code == 1
    assert out == FIXED
    assert err.splitlines() == [
        "app.py:5:1: TC105 [op-never-run] `never` here",
        "Found 5 errors (4 fixed, 1 remaining).",
    ]
    code, out, _ = run("-", "--diff", stdin=SUPPRESSED.encode())
    assert code == 1 and out.startswith("--- -\n+++ -\n")


# -- .gitignore ----------------------------------------------------------------------------


def test_a_gitignored_folder_is_not_checked(project: Path) -> None:
    (project / ".git").mkdir()
    write(project / ".gitignore", "scratch/\n")
    write(project / "app.py", "import tilert\n")
    write(project / "scratch" / "s.py", APP)
    assert run()[0] == 0
    assert run("--no-respect-gitignore")[0] == 1
    assert run("scratch/s.py")[0] == 1  # named: checked, as ruff does


# -- progress ------------------------------------------------------------------------------


def test_progress_waits_a_second_then_redraws_ten_times_a_second() -> None:
    now = [0.0]
    stream = io.StringIO()
    bar = Progress(stream, clock=lambda: now[0])
    bar(1, 100)
    assert stream.getvalue() == ""  # a short run shows nothing
    now[0] = 1.0
    bar(40, 100)
    now[0] = 1.05
    bar(41, 100)  # too soon: skipped
    bar(100, 100)  # the last one is always drawn
    bar.close()
    assert ANSI.sub("", stream.getvalue()).split("\r") == [
        "",
        "checked 40/100 files",
        "checked 100/100 files",
        "",
    ]


def test_progress_only_on_a_terminal_for_people(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress_module, "DELAY_S", 0.0)
    write(project / "app.py", APP)
    assert "checked 1/1 files" in run(tty=True)[2]
    assert "checked" not in run("-q", tty=True)[2]
    assert "checked" not in run("--output-format", "json", tty=True)[2]
    assert "checked" not in run()[2]  # stderr not a terminal
