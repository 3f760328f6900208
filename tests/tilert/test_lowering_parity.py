"""Python that the interpreter runs and cuTile's front end refuses as written, lowered into a
form it takes (found by a blind set of kernels written from the docs and run on the H100,
benchmarks/kernel_eval_fresh): a `range` counting down, a module-level numpy array indexed by
constants, `float()`/`int()` of a value known only when the kernel runs, a scalar that becomes
a tile in a loop (tests/tilert/test_coercions.py); and what stays refused, at decoration, on
both backends (`:=`, a list in a variable)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32
from tilert.cutile.lowering import lower_kernel
from tilert.errors import KernelError

WEIGHTS = np.array([0.5, 0.25, 0.125], dtype=np.float64)
SCALE = np.float32(2.0)


@tr.kernel
def count_down(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], n: int) -> None:
    t = tl.load_tile_like(x, out)
    acc = 0.0
    for i in range(2, -1, -1):
        acc = acc * 10.0 + i
    for j in range(n, 0, -2):
        acc = acc + j
    out.store(t + acc)


@tr.kernel
def weighted(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    t = tl.load_tile_like(x, out)
    out.store((t * WEIGHTS[0] + WEIGHTS[2]) * SCALE)


@tr.kernel
def offsets(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], s: float, CH: Const[int]) -> None:
    r = out.index[0]
    half = int(CH // 2)
    out.store(tl.load_tile_like(x, out) + float(r) + int(s) + tl.zeros((half,), tl.f32)[0])


def test_a_range_counting_down_lowers_to_a_counter() -> None:
    source = lower_kernel(count_down).source
    assert "range(3)" in source  # both ends known: the turns counted when it lowers
    assert "ct.cdiv((n) - (0), 2)" in source  # a run-time end: counted when it runs
    x = np.arange(4, dtype=np.float32)
    out = tr.zeros((4,), dtype=f32)
    count_down(out.partition((4,)), tr.from_numpy(x), 5).sync()
    np.testing.assert_array_equal(out.to_numpy(), x + 210.0 + 5 + 3 + 1)


def test_module_numpy_constants_are_written_into_the_generated_source() -> None:
    source = lower_kernel(weighted).source
    assert "(0.5, 0.25, 0.125)[0]" in source and "* 2.0" in source
    x = np.arange(4, dtype=np.float32)
    out = tr.zeros((4,), dtype=f32)
    weighted(out.partition((4,)), tr.from_numpy(x)).sync()
    np.testing.assert_allclose(out.to_numpy(), (x * 0.5 + 0.125) * 2.0)


def test_conversions_of_run_time_values_become_astype_and_constants_stay() -> None:
    source = lower_kernel(offsets).source
    assert "ct.astype(r, ct.float32)" in source
    assert "ct.astype(s, ct.int32)" in source
    assert "int(" in source.replace("ct.int32", "")  # int(CH // 2): a constant, for cuTile


def test_a_walrus_and_a_list_in_a_variable_are_refused_at_decoration() -> None:
    def walrus(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        out.store((t := tl.load_tile_like(x, out)) + t)

    def pieces(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        parts = []
        for c in range(2):
            parts.append(x.load_tile((4,), (out.index[0] * 2 + c,)))
        out.store(tl.cat(parts, 0))

    for fn, what in ((walrus, ":="), (pieces, "list")):
        with pytest.raises(KernelError, match="TC204") as raised:
            tr.kernel(fn)
        assert what in str(raised.value)


def test_a_compiler_crash_is_named_as_one() -> None:
    """tileiras killed by a signal (seen: signal 11, differential seed 3585 on the H100): the
    KernelError says the compiler crashed, not that the kernel is wrong."""
    from types import SimpleNamespace

    from tilert.cutile.compiled import user_error

    class Refused(Exception):
        message = "Return code -11\nfailed to compile Tile IR program"

    lowered = SimpleNamespace(path="k.py", user_line=lambda line: None)
    compiled: Any = SimpleNamespace(lowered=lowered, path="/tmp/k_gen.py")
    error = user_error(SimpleNamespace(name="k"), compiled, Refused())
    assert "killed by signal 11" in str(error) and "k.py" in str(error)


@tr.kernel
def folded(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], CH: Const[int]) -> None:
    n = int(tl.cdiv(CH, 2))
    out.store(tl.load_tile_like(x, out) + tl.zeros((n,), tl.f32)[0] + float(x.shape[0]))


def test_conversions_of_constants_stay_builtins_for_cutile_to_fold() -> None:
    source = lower_kernel(folded).source
    assert "int(ct.cdiv(" in source  # a shape: cuTile folds it
    assert "ct.astype(x.shape[0], ct.float32)" in source  # an array's shape: known when it runs
