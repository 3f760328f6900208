"""The differential test's CPU half (issue 16): kernels generated over the kernel language's
grammar (``tests.support.differential``) decorate, run on the interpreter with the result of an
independent numpy evaluation of the same expression tree, and lower to cuTile source. The GPU
half (``tests/gpu/test_differential.py``) runs thousands of them on both backends."""

from __future__ import annotations

import ast
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.differential import DrawChooser, Program, compare, generate, launch, load_module
from tests.support.differential.runner import program_for, run_many
from tilert.errors import KernelError

_labels = itertools.count()


@st.composite
def programs(draw: Any) -> Program:
    return generate(DrawChooser(draw), f"h{next(_labels)}")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("differential")
    yield path
    for name in [m for m in sys.modules if m.startswith("tilert_differential_")]:
        del sys.modules[name]


def check(program: Program, module: Any, label: str) -> None:
    """The interpreter's result is the numpy reference's; a construct the generator wrote to be
    refused (f16 with bf16) is refused at launch, as cuTile refuses it."""
    if program.meta["refused"]:
        with pytest.raises(KernelError, match="do not mix"):
            launch(program, module)
        return
    got = launch(program, module)
    expect, atol = program.expect()
    problem = compare(program, expect, got, atol)
    assert problem is None, f"{label}: {problem}\n{program.source}"


@settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(program=programs())
def test_generated_kernels_match_numpy_and_lower(
    interpreter: None, folder: Path, program: Program
) -> None:
    module = load_module(program, folder)  # decorated: the kernel rules accept it
    kernel = getattr(module, program.kernel)
    check(program, module, "hypothesis")
    lowered = kernel.lower({"z": program.tile})
    ast.parse(lowered)
    assert "ct.store(" in lowered and f"def {program.kernel}" in lowered


def test_seeded_programs_are_reproducible() -> None:
    a, b = program_for(12345), program_for(12345)
    assert a.source == b.source and a.params == b.params
    for name in a.inputs:
        np.testing.assert_array_equal(a.inputs[name], b.inputs[name])
    assert program_for(12346).source != a.source


def test_the_comparison_catches_a_wrong_value() -> None:
    for seed in itertools.count():
        p = program_for(seed)
        if p.z_dtype in ("f32", "f16", "bf16") and not p.root.exact:
            break
    expect, atol = p.expect()
    assert compare(p, expect, expect.copy(), atol) is None
    wrong = expect.astype(np.float64)
    wrong.flat[0] += 4 * float(atol.flat[0]) + 0.01 * max(abs(float(wrong.flat[0])), 1.0)
    assert compare(p, expect, wrong.astype(expect.dtype), atol) is not None
    ints = next(q for q in map(program_for, itertools.count()) if q.z_dtype == "i32")
    e = ints.reference()
    off = e.copy()
    off.flat[-1] += 1
    assert compare(ints, e, off) is not None


def test_the_harness_survives_a_crashing_kernel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Interpreter against interpreter, across two worker processes: every kernel agrees but
    the one whose worker dies, recorded with its source; the rest still run."""
    monkeypatch.setenv("TILERT_DIFF_CRASH_SEED", "3")
    summary = run_many(range(8), tmp_path, workers=2, backends=("interpret", "interpret"))
    assert summary.run == 8
    assert summary.counts["agree"] == 7, summary.disagreements
    (lost,) = summary.disagreements
    assert lost["seed"] == 3 and "worker died" in lost["detail"]
    assert (tmp_path / "disagreements" / "diff_k3.py").read_text().startswith('"""Generated')
    assert "7 agreed" in summary.line()


@pytest.mark.parametrize("start", range(0, 160, 40))
def test_seeded_kernels_match_numpy_and_lower(interpreter: None, folder: Path, start: int) -> None:
    """The GPU test's own kernels (seeds as ``TILERT_DIFF_SEED`` counts them), 40 per case:
    larger trees than hypothesis tends to draw."""
    for seed in range(start, start + 40):
        program = program_for(seed)
        module = load_module(program, folder)
        check(program, module, f"seed {seed}")
        ast.parse(getattr(module, program.kernel).lower({"z": program.tile}))
