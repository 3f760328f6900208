"""``tilecheck --show-gaps`` (issue 17, round 30R): each place the host analysis gave up on an
object, with why (``tilecheck.host.gap_reasons``), apart from the findings and never changing
them."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from tilecheck.cli import main
from tilecheck.config import Config
from tilecheck.engine import check_source, is_gap
from tilecheck.host import gap_reasons, gaps

HEADER = """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


x = tr.zeros((64,))
"""
SUBMIT = "scale(x.partition((16,)), 2.0).submit()"

# One program per reason: the code, and the line (of the part after ``HEADER``) of its gap.
BY_REASON: dict[str, tuple[str, int]] = {
    "TC901": (f"p = {SUBMIT}\nregistry.keep(p)\n", 2),
    "TC902": (f"import pickle\np = {SUBMIT}\nblob = pickle.dumps(p)\n", 3),
    "TC903": (f"class Box:\n    pass\n\n\np = {SUBMIT}\nbox = Box(p)\n", 6),
    "TC904": (
        f"def finish(pending: tr.Pending) -> None:\n    try:\n        pending.wait()\n"
        f"    finally:\n        pass\n\n\np = {SUBMIT}\nfinish(p)\n",
        9,
    ),
    "TC905": (f"import sys\np = {SUBMIT}\nsys.modules[__name__].pending = p\n", 3),
    "TC906": (f"p = {SUBMIT}\ndone = lambda: p.wait()\n", 2),
    "TC907": (
        "def trace(f):\n    return f\n\n\n"
        f"@trace\ndef start() -> tr.Pending:\n    return {SUBMIT}\n",
        7,
    ),
    "TC908": (
        f"import threading\nlock = threading.Lock()\nwith lock:\n    p = {SUBMIT}\np.wait()\n",
        3,
    ),
    "TC909": (
        "for i in range(3):\n    p = scale(x.partition((16,)), float(i)).submit()\np.wait()\n",
        2,
    ),
    "TC911": (f"def run(cb) -> None:\n    p = {SUBMIT}\n    cb()\n    p.wait()\n", 3),
}
SHOWN = Config(show_gaps=True)


def _gaps(body: str, config: Config = SHOWN) -> list[tuple[str, int]]:
    found = check_source(HEADER + body, "app.py", config)
    offset = HEADER.count("\n")
    return [(d.code, d.span.line - offset) for d in found if is_gap(d.code)]


@pytest.mark.parametrize("code", sorted(BY_REASON))
def test_each_reason_is_reported_where_the_object_is_given_up(code: str) -> None:
    body, line = BY_REASON[code]
    assert _gaps(body) == [(code, line)]


@pytest.mark.parametrize("code", sorted(BY_REASON))
def test_gaps_change_no_finding_and_are_off_by_default(code: str) -> None:
    body = BY_REASON[code][0]
    plain = check_source(HEADER + body, "app.py", Config())
    shown = check_source(HEADER + body, "app.py", SHOWN)
    assert not any(is_gap(d.code) for d in plain)
    assert [d for d in shown if not is_gap(d.code)] == plain
    assert not gaps.RECORDING  # (only while a module is checked)


def test_a_followed_object_is_no_gap() -> None:
    assert _gaps(f"p = {SUBMIT}\nq = p\nq.wait()\n") == []
    # a Pending already waited is given away with nothing left to lose
    assert _gaps(f"p = {SUBMIT}\np.wait()\nregistry.keep(p)\n") == []


def test_a_tensor_in_flight_given_to_unknown_code_is_a_gap() -> None:
    body = f"p = {SUBMIT}\nregistry.show(x)\np.wait()\nregistry.show(x)\n"
    assert _gaps(body) == [("TC901", 2)]


def test_every_reason_has_a_code_and_slug() -> None:
    assert len({r.code for r in gap_reasons.REASONS}) == len({r.slug for r in gap_reasons.REASONS})
    assert all(is_gap(r.code) for r in gap_reasons.REASONS)
    assert not any(is_gap(code) for code in ("TC102", "TC108", "TC001"))


# -- the command line ------------------------------------------------------------------------

Run = Callable[..., tuple[int, str, str]]
PROGRAM = HEADER + f"p = {SUBMIT}\nregistry.keep(p)\nq = {SUBMIT}\n"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def invoke(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return invoke


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "app.py").write_text(textwrap.dedent(PROGRAM))
    return tmp_path / "app.py"


def test_text_output_lists_gaps_after_findings(app: Path, run: Run) -> None:
    code, out, _ = run("app.py", "--show-gaps")
    lines = out.splitlines()
    assert code == 1  # (the TC108 finding; gaps never count)
    assert lines[0].startswith("app.py:13:5: TC108 [pending-never-waited]")
    assert lines[1].startswith("app.py:12:1: TC901 [gap: unknown-call] gave up following Pending")
    assert "`registry.keep(...)`" in lines[1]
    assert lines[2:] == ["Gave up on objects at 1 place (not findings).", "Found 1 error."]
    assert run("app.py")[1] == lines[0] + "\nFound 1 error.\n"


def test_gaps_alone_never_fail_the_run(app: Path, run: Run) -> None:
    app.write_text(HEADER + f"p = {SUBMIT}\nregistry.keep(p)\n")
    code, out, _ = run("app.py", "--show-gaps")
    assert code == 0
    assert out.endswith("(not findings).\nAll checks passed!\n")


def test_json_output_has_findings_and_gaps_apart(app: Path, run: Run) -> None:
    _, out, _ = run("app.py", "--show-gaps", "--output-format", "json")
    table = json.loads(out)
    assert [f["code"] for f in table["findings"]] == ["TC108"]
    (gap,) = table["gaps"]
    assert (gap["code"], gap["slug"], gap["kind"], gap["line"]) == (
        "TC901",
        "unknown-call",
        "gap",
        12,
    )
    assert isinstance(json.loads(run("app.py", "--output-format", "json")[1]), list)


def test_statistics_count_gaps_per_reason(app: Path, run: Run) -> None:
    _, out, _ = run("app.py", "--show-gaps", "--statistics")
    rows = ["1\tTC108\t[pending-never-waited]", "1\tTC901\t[gap: unknown-call]"]
    assert out.splitlines()[:2] == rows
    _, out, _ = run("app.py", "--show-gaps", "--statistics", "--output-format", "json")
    table = json.loads(out)
    assert table["gaps"] == [{"code": "TC901", "slug": "unknown-call", "count": 1}]
    assert table["findings"][0]["code"] == "TC108"


def test_show_gaps_refuses_fixing(app: Path, run: Run) -> None:
    code, _, err = run("app.py", "--show-gaps", "--fix")
    assert code == 2
    assert "--show-gaps cannot be combined with --fix" in err
