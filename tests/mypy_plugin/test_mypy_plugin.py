"""The mypy plugin and the tilert stubs, run as a user runs them (``plugins = tilecheck``).

One mypy run in the checkout covers the case files in ``tests/mypy_plugin/cases`` (their
expected output written inline, golden style: ``# E: <message> [code]`` for an error,
``# N: <message>`` for a note, ``{TC106}`` for "TC106: <the catalog's summary>"), every example
(which must be clean) and the catalog's VALID and INVALID cases of the rules the plugin
reports. Another runs mypy in a user's project outside the checkout (``cases/user_project``),
where tilert is found only as installed. stubtest then holds the stubs to the runtime."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import mypy.api
import pytest
from mypy import stubtest

import tilecheck
from tests.support import REPO
from tilecheck.catalog import catalog

CASES = REPO / "tests" / "mypy_plugin" / "cases"
USER_PROJECT = CASES / "user_project"
EXAMPLES = REPO / "examples"
PLUGIN_DIR = REPO / "mypy_plugin"
STUBTEST_ALLOWLIST = REPO / "tests" / "mypy_plugin" / "stubtest_allowlist.txt"
PLUGIN_CODES = {
    "TC101": "tile-mutable-alias",
    "TC106": "tile-argument-kind",
    "TC201": "tile-store-shared",
}
DTYPE_CODE = "tile-dtype"  # the plugin's own, no tilecheck rule behind it

MYPY_CONFIG = """\
[mypy]
plugins = tilecheck
cache_dir = {cache}
strict = True
"""

_OUTPUT = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<severity>error|note): (?P<message>.*)$")
_EXPECTATION = re.compile(r"#\s*(?P<severity>[EN]):\s*(?P<message>.*?)\s*(?=#\s*[EN]:|$)")
_SEVERITY = {"E": "error", "N": "note"}


@dataclass(frozen=True, order=True)
class Diagnostic:
    line: int
    severity: str
    message: str

    @property
    def code(self) -> str | None:
        found = re.search(r"\[([a-z-]+)\]$", self.message)
        return found.group(1) if found else None


def _normalized(message: str) -> str:
    """mypy puts two spaces before the ``[code]``; expectations are written with one."""
    return re.sub(r"\s+(\[[a-z-]+\])$", r" \1", message.strip())


def _expected(path: Path) -> list[Diagnostic]:
    summaries = {code: f"{code}: {catalog()[code].summary}" for code in PLUGIN_CODES}
    found = []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        for match in _EXPECTATION.finditer(text):
            message = match["message"]
            for code, summary in summaries.items():
                message = message.replace("{" + code + "}", summary)
            found.append(Diagnostic(number, _SEVERITY[match["severity"]], _normalized(message)))
    return sorted(found)


def _catalog_cases(directory: Path) -> dict[str, tuple[str, tuple[tuple[str, int], ...]]]:
    """Each VALID/INVALID case of the plugin's rules as a module: name -> (kind, expected)."""
    cases = {}
    for code in PLUGIN_CODES:
        rule = catalog()[code]
        for kind, examples in (("valid", rule.valid), ("invalid", rule.invalid)):
            for number, case in enumerate(examples):
                if not case.typed:
                    continue  # tilecheck's alone (a tr.cuda_kernel launch is not typed)
                name = f"catalog_{code.lower()}_{kind}_{number}.py"
                (directory / name).write_text(case.code)
                cases[name] = (kind, case.expect)
    return cases


def _by_file(stdout: str) -> dict[str, list[Diagnostic]]:
    """mypy's output, by the name of the file each diagnostic is in."""
    by_file: dict[str, list[Diagnostic]] = defaultdict(list)
    for text in stdout.splitlines():
        parsed = _OUTPUT.match(text)
        assert parsed, f"unexpected mypy output: {text}"
        diagnostic = Diagnostic(
            int(parsed["line"]), parsed["severity"], _normalized(parsed["message"])
        )
        by_file[Path(parsed["path"]).name].append(diagnostic)
    return by_file


@dataclass(frozen=True)
class Run:
    by_file: dict[str, list[Diagnostic]]
    catalog_cases: dict[str, tuple[str, tuple[tuple[str, int], ...]]]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    tmp = tmp_path_factory.mktemp("mypy_plugin")
    cases = _catalog_cases(tmp)
    config = tmp / "mypy.ini"
    config.write_text(MYPY_CONFIG.format(cache=tmp / "cache"))
    files = [*sorted(CASES.glob("*.py")), *sorted(EXAMPLES.glob("*.py")), *sorted(tmp.glob("*.py"))]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(REPO)  # tilert is this folder's: mypy reads the stubs beside its modules
        patch.syspath_prepend(str(PLUGIN_DIR))  # the working tree's plugin, not an installed one
        stdout, stderr, _status = mypy.api.run(
            ["--config-file", str(config), "--no-error-summary", *map(str, files)]
        )
    assert not stderr, stderr
    by_file = _by_file(stdout)
    checked = {f.name for f in files}
    elsewhere = {name: found for name, found in by_file.items() if name not in checked}
    assert not elsewhere, f"diagnostics in the stubs or other modules: {elsewhere}"
    return Run({name: sorted(found) for name, found in by_file.items()}, cases)


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.glob("*.py")))
def test_case_file_output_is_exactly_as_written(run: Run, case: str) -> None:
    assert run.by_file.get(case, []) == _expected(CASES / case)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_examples_are_clean(run: Run, example: str) -> None:
    assert run.by_file.get(example, []) == []


@pytest.mark.parametrize("code", sorted(PLUGIN_CODES))
def test_catalog_invalid_cases_are_reported_on_their_lines(run: Run, code: str) -> None:
    invalid = {
        n: c
        for n, c in run.catalog_cases.items()
        if n.startswith(f"catalog_{code.lower()}_invalid")
    }
    assert invalid
    for name, (_kind, expect) in invalid.items():
        found = {(d.line, d.code) for d in run.by_file.get(name, [])}
        assert found == {(line, PLUGIN_CODES[c]) for c, line in expect}, name


@pytest.mark.parametrize("code", sorted(PLUGIN_CODES))
def test_catalog_valid_cases_are_clean(run: Run, code: str) -> None:
    valid = [n for n in run.catalog_cases if n.startswith(f"catalog_{code.lower()}_valid")]
    assert valid
    for name in valid:
        assert run.by_file.get(name, []) == [], name


def test_both_plugin_names_load_the_same_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(PLUGIN_DIR))
    import tilecheck_mypy

    assert tilecheck.plugin("2.4.1") is tilecheck_mypy.plugin("2.4.1")
    assert tilecheck.plugin("2.4.1").__name__ == "TilecheckPlugin"


def test_a_users_project_outside_the_checkout(tmp_path: Path) -> None:
    """The README's install seen from a user's own folder: mypy, run there with the plugin, finds
    tilert as installed (an editable install included), passes a clean program and the examples,
    and reports each of the plugin's codes where its rule is broken."""
    project = tmp_path / "user_project"
    shutil.copytree(USER_PROJECT, project)
    shutil.copytree(EXAMPLES, project / "examples", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "."],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert not done.stderr, done.stderr
    by_file = _by_file(done.stdout)
    for path in sorted(project.rglob("*.py")):
        assert sorted(by_file.pop(path.name, [])) == _expected(path), path.name
    assert not by_file, f"diagnostics in other modules: {dict(by_file)}"
    reported = {d.code for d in _expected(project / "mistakes.py")}
    assert reported == {*PLUGIN_CODES.values(), DTYPE_CODE}


def test_stubs_match_the_runtime(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """stubtest over the stubs alone: the .pyi of tilert's public modules, as a stub package of
    their own (beside them, stubtest would read the implementation modules as stubs too)."""
    stubs = tmp_path / "stubs" / "tilert"
    stubs.mkdir(parents=True)
    for stub in (REPO / "tilert").glob("*.pyi"):
        if stub.name == "__init__.pyi" or not stub.name.startswith("_"):
            shutil.copy(stub, stubs)
    config = tmp_path / "stubtest.ini"
    config.write_text(f"[mypy]\nmypy_path = {stubs.parent}\n")
    options = stubtest.parse_options(
        ["tilert", "--allowlist", str(STUBTEST_ALLOWLIST), "--mypy-config-file", str(config)]
    )
    status = stubtest.test_stubs(options)
    assert status == 0, capsys.readouterr().out
