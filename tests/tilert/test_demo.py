"""``python -m tilert.demo``: its last line is true of what ran (an example it can't run here is
named as skipped, with why), and its timings don't claim a compile the interpreter never does."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support import REPO
from tilert import backends
from tilert.demo import EXAMPLES, GPU_EXAMPLES, Results

ROOT = REPO


def _demo(backend: str) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "TILERT_BACKEND": backend}
    return subprocess.run(
        [sys.executable, "-m", "tilert.demo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=ROOT,
    )


def test_the_demo_under_the_interpreter_names_what_it_skipped() -> None:
    done = _demo("interpret")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    why = "needs a GPU" if backends.unavailable_reason("cutile") else "needs the cutile backend"
    assert any(line.startswith(f"cuda_cpp: skipped ({why}") for line in lines)
    assert lines[-1].startswith(
        f"all {len(EXAMPLES)} examples that can run here passed; skipped: cuda_cpp ({why}"
    )
    assert "all examples passed" not in done.stdout
    timings = [line for line in lines if line.endswith(" ms, first run)")]
    assert len(timings) == len(EXAMPLES)
    assert "compile included" not in done.stdout  # nothing compiles under the interpreter


def test_the_demo_runs_every_example() -> None:
    """Each file in examples/ is named once in the demo's lists (a new example is not left out;
    the tests that import examples/ find them by listing the folder)."""
    names = [*EXAMPLES, *GPU_EXAMPLES]
    assert len(names) == len(set(names))
    assert set(names) == {p.stem for p in (ROOT / "examples").glob("*.py")}


def test_the_demo_with_an_unusable_backend_says_so_and_fails() -> None:
    done = _demo("bogus")
    assert done.returncode == 1
    last = done.stdout.splitlines()[-1]
    assert last.startswith("no examples ran: TILERT_BACKEND='bogus'")
    assert "unset TILERT_BACKEND" in last and "Traceback" not in done.stderr


def test_the_summary_is_true_of_what_ran() -> None:
    every = Results(ran=["add", "gemm", "cuda_cpp"])
    assert every.summary() == "all examples passed" and every.status == 0
    some = Results(ran=["add", "gemm"], skipped={"cuda_cpp": "needs a GPU"})
    assert some.summary() == (
        "all 2 examples that can run here passed; skipped: cuda_cpp (needs a GPU)"
    )
    assert some.status == 0
    failed = Results(ran=["add", "gemm"], failed=["gemm"], skipped={"cuda_cpp": "needs a GPU"})
    assert failed.summary() == "1 of 2 example(s) failed: gemm; skipped: cuda_cpp (needs a GPU)"
    assert failed.status == 1
    assert (
        Results(missing="examples/ not found").summary() == "no examples ran: examples/ not found"
    )
