"""The ``tilecheck`` command on small temporary projects. Most tests stand in for the rule
passes with a tiny fake (a finding on every line that calls ``use(``), so they test the engine
and the CLI, not the rules; the last ones run the real passes end to end."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path

import libcst as cst
import pytest

import tilecheck.engine as engine
from tests.support import REPO
from tilecheck.catalog import catalog
from tilecheck.cli import main
from tilecheck.config import Config
from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.engine import check_paths, check_source
from tilecheck.parsing import parse_source, too_long_an_expression

ROOT = REPO
Run = Callable[..., tuple[int, str, str]]


def use_finder(module: cst.Module, *, path: str, **_: object) -> list[Diagnostic]:
    """A stand-in rule pass: TC102 on every ``use(`` call, TC105 on every ``never(``."""
    found = []
    for number, text in enumerate(module.code.splitlines(), start=1):
        for word, code in (("use(", "TC102"), ("never(", "TC105")):
            at = text.find(word)
            if at >= 0:
                span = Span(number, at, number, at + len(word) + 2)
                found.append(Diagnostic(code, f"`{word[:-1]}` here", path, span))
        if "boom" in text:
            raise ValueError("the pass fell over")
    return found


@pytest.fixture
def fake_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("tilecheck.module_check")
    fake.check_module = use_finder  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tilecheck.module_check", fake)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def invoke(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


APP = """\
import tilert as tr

use(x)
never(y)
"""


def test_a_file_that_names_no_tilert_is_never_parsed(
    project: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> cst.Module:
        raise AssertionError("parsed a file that does not mention tilert")

    monkeypatch.setattr(cst, "parse_module", refuse)
    write(project / "plain.py", "import numpy as np\ndef broken(:\n")
    assert check_source("import numpy\nuse(x)\n", "plain.py", Config()) == []
    assert run() == (0, "All checks passed!\n", "")


def test_kernel_decorator_names_make_a_file_worth_parsing(project: Path, fake_rules: None) -> None:
    write(project / "mine.py", "from mylib import tile_kernel\nuse(x)\n")
    assert check_paths([Path(".")], Config()).diagnostics == []
    config = Config(kernel_decorators=("mylib.tile_kernel",))
    (found,) = check_paths([Path(".")], config).diagnostics
    assert (found.code, found.path, found.span.line) == ("TC102", "mine.py", 2)


def test_syntax_error_is_tc001_with_exit_1(project: Path, run: Run) -> None:
    write(project / "bad.py", "import tilert\nx = (1,\n")
    code, out, err = run("bad.py")
    assert code == 1 and err == ""
    assert out == (
        "bad.py:2:5: TC001 [parse-error] syntax error: '(' was never closed\nFound 1 error.\n"
    )


def test_undecodable_file_is_tc001_and_coding_cookies_are_honored(
    project: Path, run: Run, fake_rules: None
) -> None:
    (project / "bytes.py").write_bytes(b"import tilert\nname = '\xff'\n")
    (project / "latin.py").write_bytes(b"# coding: latin-1\nimport tilert\nuse('\xe9')\n")
    code, out, _ = run("--output-format", "json")
    assert code == 1
    found = [(d["path"], d["code"], d["line"], d["column"]) for d in json.loads(out)]
    assert found == [("bytes.py", "TC001", 2, 9), ("latin.py", "TC102", 3, 1)]


IN_FLIGHT_AFTER = """
@tr.kernel
def scale(z: tr.Mutable[tr.Tensor[tr.f32]], a: float) -> None:
    z.store(z.load() * a)


def in_flight() -> None:
    z = tr.ones((4096,))
    pending = scale(z.partition((1024,)), 2.0).submit()
    print(z.to_numpy())  # TC102
    pending.wait()
"""


def test_pathological_code_is_checked_not_crashed_on() -> None:
    # libcst's native parser overflows a default thread stack on this (CPython accepts it), and
    # following the chain overflows Python's: the module body is not followed, but the
    # definitions in it still are (the real rules, on every supported Python)
    long_chain = "import tilert as tr\nok = x" + " and x" * 20_000 + "\n" + IN_FLIGHT_AFTER
    found = check_source(long_chain, "long.py", Config())
    assert [(d.code, d.span.line) for d in found] == [("TC102", 12)]


def test_an_operator_chain_too_long_for_the_parser_is_tc001_not_a_hang(
    project: Path, run: Run
) -> None:
    """libcst's parser is quadratic in a left-recursive chain (20,000 `+` would take many
    minutes): such a file is one TC001 that says so, reported at once, and the other files are
    checked as usual."""
    write(project / "ok.py", "import tilert as tr\n" + IN_FLIGHT_AFTER)
    head = "import tilert as tr\n\n"
    write(project / "line.py", head + "y = " + " + ".join(["1"] * 20_000) + "\n")
    terms = "\n".join("    " + " + ".join(["x"] * 10) + " +" for _ in range(250))
    write(project / "lines.py", head + "y = (\n" + terms + "\n    x\n)\n")
    write(project / "attrs.py", head + "y = a" + ".b" * 20_000 + "\n")
    started = time.perf_counter()
    code, out, err = run("--output-format", "json")
    assert time.perf_counter() - started < 10
    assert code == 1 and err == ""
    found = sorted((d["path"], d["code"], d["line"], d["message"]) for d in json.loads(out))
    not_checked = "for the parser: the file was not checked"
    assert [f[:3] for f in found] == [
        ("attrs.py", "TC001", 3),
        ("line.py", "TC001", 3),
        ("lines.py", "TC001", 4),
        ("ok.py", "TC102", 11),
    ]
    # 20,000 terms: counted, or (where CPython's own parser gives up first) too deep to count
    counted = r"too long an expression at line 3 \(\d+ operators\)"
    too_deep = "too long or too deeply nested an expression near line 3"
    counted_or_deep = rf"({counted}|{too_deep}) {not_checked}"
    assert re.fullmatch(counted_or_deep, found[0][3])
    assert re.fullmatch(counted_or_deep, found[1][3])
    assert found[2][3] == f"too long an expression at line 4 (2500 operators) {not_checked}"


def test_an_imported_module_too_long_for_the_parser_does_not_hang_its_importer(
    project: Path, run: Run
) -> None:
    """A kernel module read for its signatures gets the same guard: its kernels are not known
    (as for a module that does not parse), and the importer is checked at once."""
    kernels = "import tilert as tr\n\n\ny = " + " + ".join(["1"] * 20_000) + "\n"
    write(project / "kernels.py", kernels)
    app = "import tilert as tr\nfrom kernels import add\n\nz = tr.zeros((8,))\n"
    write(project / "app.py", app + "add(z.partition((4,)), z).sync()\n")
    started = time.perf_counter()
    code, out, _ = run("--output-format", "json", "app.py")
    assert time.perf_counter() - started < 10
    assert code == 0 and json.loads(out) == []


def test_the_chain_guard_is_exact_and_leaves_other_long_code_alone() -> None:
    def chain(operators: int) -> str:
        # a chain CPython's parser still takes, over lines; other long code beside it
        lines = [" + ".join(["x"] * 10) + " +" for _ in range(operators // 10)]
        return "y = (\n" + "\n".join(lines) + "\nx)\n"

    assert too_long_an_expression(chain(2000), "a.py") is None  # 2,000 operators: parsed
    found = too_long_an_expression(chain(2010), "a.py")
    assert found is not None and found.code == "TC001" and "(2010 operators)" in found.message
    table = "import tilert as tr\nTABLE = [" + ", ".join(["1 + 2"] * 5000) + "]\n"
    assert too_long_an_expression(table, "t.py") is None  # many short expressions
    assert too_long_an_expression("x = 1 + 2\n" * 3000, "s.py") is None  # no long run
    assert not isinstance(parse_source(table, "t.py"), Diagnostic)


def test_a_bom_is_read_past(project: Path, fake_rules: None) -> None:
    (project / "bom.py").write_bytes(b"\xef\xbb\xbfimport tilert\nuse(x)\n")
    (found,) = check_paths([Path("bom.py")], Config()).diagnostics
    assert (found.code, found.span.line, found.span.column) == ("TC102", 2, 0)


def test_missing_path_is_a_usage_error(project: Path, run: Run) -> None:
    code, out, err = run("nowhere.py")
    assert code == 2 and out == ""
    assert "nowhere.py: no such file or directory" in err


def test_findings_exit_1_and_exit_zero(project: Path, run: Run, fake_rules: None) -> None:
    write(project / "app.py", APP)
    code, out, err = run()
    assert code == 1 and err == ""
    assert out.splitlines() == [
        "app.py:3:1: TC102 [use-in-flight] `use` here",
        "app.py:4:1: TC105 [op-never-run] `never` here",
        "Found 2 errors.",
    ]
    assert run("check", "--exit-zero", ".")[0] == 0


def test_select_and_ignore_on_the_command_line(project: Path, run: Run, fake_rules: None) -> None:
    write(project / "app.py", APP)
    assert "TC105" not in run("--ignore", "TC105")[1]
    code, out, _ = run("--select", "TC105,TC2")
    assert code == 1 and "TC102" not in out and "TC105" in out
    assert run("--ignore", "TC1")[0] == 0
    code, _, err = run("--select", "TC999")
    assert code == 2 and "unknown rule selector 'TC999'" in err


def test_pyproject_settings_apply(project: Path, run: Run, fake_rules: None) -> None:
    write(
        project / "pyproject.toml",
        """\
        [tool.tilecheck]
        ignore = ["TC105"]
        exclude = ["generated"]
        output-format = "github"
        """,
    )
    write(project / "app.py", APP)
    write(project / "generated" / "gen.py", APP)
    write(project / ".venv" / "lib" / "dep.py", APP)
    code, out, _ = run()
    assert code == 1
    assert out == (
        "::error file=app.py,line=3,col=1,endLine=3,endColumn=7,"
        "title=TC102 [use-in-flight]::`use` here\n"
    )
    assert run("--output-format", "text")[1].startswith("app.py:3:1: TC102")


def test_bad_config_is_exit_2_naming_file_and_key(project: Path, run: Run) -> None:
    write(project / "pyproject.toml", "[tool.tilecheck]\nselekt = []\n")
    write(project / "app.py", APP)
    code, out, err = run()
    assert code == 2 and out == ""
    assert str(project / "pyproject.toml") in err and "unknown key 'selekt'" in err


def test_suppressions_through_the_cli(project: Path, run: Run, fake_rules: None) -> None:
    write(
        project / "app.py",
        """\
        import tilert as tr
        use(x)  # tilecheck: ignore[TC102]
        never(y)  # tilecheck: ignore[TC102]
        """,
    )
    code, out, _ = run()
    assert code == 1
    assert out.splitlines() == [
        "app.py:3:1: TC105 [op-never-run] `never` here",
        "app.py:3:11: TC002 [unused-suppression] unused suppression "
        "`tilecheck: ignore[TC102]`: no TC102 finding on this line",
        "Found 2 errors.",
    ]


def test_crash_in_a_rule_pass_is_reported_and_other_files_still_checked(
    project: Path, run: Run, fake_rules: None
) -> None:
    write(project / "a.py", "import tilert\nboom()\n")
    write(project / "b.py", APP)
    code, out, err = run()
    assert code == 2
    assert "b.py:3:1: TC102" in out and "Found 2 errors; 1 file could not be checked." in out
    assert "error: a.py: internal error: ValueError: the pass fell over" in err
    assert "Traceback" in err


def test_output_formats(project: Path, run: Run, fake_rules: None) -> None:
    write(project / "app.py", APP)
    code, out, _ = run("--output-format", "json")
    assert code == 1
    items = json.loads(out)
    assert {tuple(sorted(item)) for item in items} == {
        (
            "code",
            "column",
            "end_column",
            "end_line",
            "labels",
            "line",
            "message",
            "notes",
            "path",
            "slug",
        )
    }
    code, out, _ = run("--output-format", "sarif")
    doc = json.loads(out)
    assert code == 1 and doc["version"] == "2.1.0"
    assert [r["ruleId"] for r in doc["runs"][0]["results"]] == ["TC102", "TC105"]
    code, out, _ = run("--output-format", "full")
    assert code == 1
    assert "error[TC102]: `use` here\n --> app.py:3:1\n  |\n3 | use(x)\n  | ^^^^^^\n" in out
    assert out.endswith("Found 2 errors.\n")
    assert json.loads(run("--output-format", "json", "--ignore", "TC")[1]) == []
    assert run("--output-format", "yaml")[0] == 2


def test_statistics(project: Path, run: Run, fake_rules: None) -> None:
    write(project / "app.py", APP + "use(z)\n")
    code, out, _ = run("--statistics")
    assert code == 1
    assert out == "2\tTC102\t[use-in-flight]\n1\tTC105\t[op-never-run]\nFound 3 errors.\n"
    stats = json.loads(run("--statistics", "--output-format", "json")[1])
    assert stats[0] == {"code": "TC102", "slug": "use-in-flight", "count": 2}


# (this test forks even where other threads run, as on a GPU machine: the pool is what it tests)
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_many_files_in_parallel_match_serial(
    project: Path, fake_rules: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(90):
        body = [
            "import tilert as tr\nx = 1\n",  # clean
            "import tilert\nx = (\n",  # TC001
            "import tilert\ny = 2  # tilecheck: ignore[TC105]\n",  # TC002
            "import numpy\n",  # skipped
        ][i % 4]
        write(project / f"pkg{i % 3}" / f"m{i:03}.py", body)
    pooled: list[bool] = []
    real = engine._check_parallel

    def spy(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        pooled.append(result is not None)
        return result

    monkeypatch.setattr(engine, "_check_parallel", spy)
    monkeypatch.setattr(engine, "forking_is_safe", lambda: True)
    serial = check_paths([project], Config(), jobs=1)
    parallel = check_paths([project], Config(), jobs=2)
    assert pooled == [True]
    assert parallel.files == serial.files == 90 and parallel.parsed == serial.parsed == 68
    assert parallel.diagnostics == serial.diagnostics
    assert parallel.errors == serial.errors == []
    assert [d.code for d in serial.diagnostics].count("TC001") == 23
    assert [d.code for d in serial.diagnostics].count("TC002") == 22


def test_a_process_with_other_threads_is_not_forked(project: Path, fake_rules: None) -> None:
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("only fork copies a process's threads' locks")
    for i in range(60):
        write(project / f"m{i:03}.py", "import tilert\nuse(x)\n")
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not engine.forking_is_safe()
        report = check_paths([project], Config(), jobs=2)  # serially: same findings
    finally:
        release.set()
        other.join()
    assert len(report.diagnostics) == 60 and report.errors == []


def test_real_rules_end_to_end_with_a_suppression(project: Path, run: Run) -> None:
    rule = catalog()["TC102"]
    invalid, valid = rule.invalid[0], rule.valid[0]
    write(project / "bad.py", invalid.code)
    write(project / "good.py", valid.code)
    code, out, _ = run("--output-format", "json")
    assert code == 1
    found = json.loads(out)
    expected = {c for c, _ in invalid.expect} or {"TC102"}
    assert {d["code"] for d in found} == expected and {d["path"] for d in found} == {"bad.py"}
    lines = textwrap.dedent(invalid.code).splitlines()
    for d in found:
        lines[d["line"] - 1] += f"  # tilecheck: ignore[{d['code']}]"
    (project / "bad.py").write_text("\n".join(lines) + "\n")
    assert run() == (0, "All checks passed!\n", "")


def test_explain_prints_the_rule_and_examples(run: Run) -> None:
    rule = catalog()["TC102"]
    code, out, _ = run("explain", "tc102")
    assert code == 0
    assert out.startswith(f"TC102 ({rule.slug})\n")
    assert rule.summary in out
    assert rule.explanation.strip().splitlines()[0].strip() in out
    if rule.invalid:
        assert "Invalid:" in out and rule.invalid[0].code.strip().splitlines()[-1] in out
    if rule.valid:
        assert "Valid:" in out
    assert run("explain", rule.slug)[1] == out


def test_explain_unknown_code_lists_the_codes(run: Run) -> None:
    code, out, err = run("explain", "TC999")
    assert code == 2 and out == ""
    assert "unknown rule 'TC999'" in err and "TC001" in err and "TC102" in err
    assert run("explain")[0] == 2


def test_rules_lists_every_code(run: Run) -> None:
    code, out, _ = run("rules")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(catalog())


def test_lsp_delegates_or_explains_why_not(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tilecheck.lsp", None)  # as if not installed
    code, _, err = run("lsp")
    assert code == 2 and "`tilecheck lsp` is not available" in err
    server = types.ModuleType("tilecheck.lsp")
    calls: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        calls.append(argv)
        return 0

    server.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tilecheck.lsp", server)
    assert run("lsp", "--stdio") == (0, "", "") and calls == [["--stdio"]]


def test_help_version_and_bad_flags(run: Run) -> None:
    code, out, _ = run("--help")
    assert code == 0 and "tilecheck explain CODE" in out
    assert run("--version")[0] == 0
    code, _, err = run("--jobs", "0")
    assert code == 2 and "positive number of jobs" in err


def _python_m(args: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, "-m", "tilecheck", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_python_dash_m_runs_the_cli(tmp_path: Path) -> None:
    write(tmp_path / "bad.py", "import tilert\ndef f(:\n")
    result = _python_m(["bad.py"], tmp_path)
    assert result.returncode == 1
    assert result.stdout.startswith("bad.py:2:7: TC001 [parse-error] syntax error")


def test_pre_commit_hook_is_declared() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text()
    for line in (
        "- id: tilecheck",
        "entry: tilecheck",
        "language: python",
        "types: [python]",
        "require_serial: false",
    ):
        assert line in text


def test_a_single_file_resolves_kernels_from_the_project_root(tmp_path: Path) -> None:
    """pre-commit passes single files: an absolute import of a kernel module elsewhere in the
    project (found from the pyproject.toml) must still be resolved."""
    write(tmp_path / "pyproject.toml", "[tool.tilecheck]\n")
    write(
        tmp_path / "lib" / "kernels.py",
        """
        import tilert as tr
        from tilert import Mutable, Tensor, f32

        @tr.kernel
        def scale(z: Mutable[Tensor[f32]], a: float) -> None:
            z.store(z.load() * a)
        """,
    )
    app = write(
        tmp_path / "app" / "main.py",
        """
        import tilert as tr
        from lib.kernels import scale

        def run() -> None:
            z = tr.zeros((64,))
            scale(z, 2.0).sync()
        """,
    )
    from tilecheck.config import load_config

    report = check_paths([app], load_config(app))
    assert [d.code for d in report.diagnostics] == ["TC106"]
