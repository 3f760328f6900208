"""A launch's arguments are checked when the op is made, on every backend: scalars of the wrong
type, defaults, explicit grids, shapes and numpy's no-copy request each get a clear error
(before, some were coerced silently and computed something else)."""

# Ops refused at creation are never run, and one kernel is wrong on purpose.
# tilecheck: ignore-file[TC105, TC206]

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32, i32


@tr.kernel
def fill(z: Mutable[Tensor[f32]], n: int, flag: bool, c: Const[int]) -> None:
    v = tl.full(z.tile_shape, n + c, tl.f32)
    if flag:
        v = v * 0.0 - 1.0
    z.store(v)


@tr.kernel
def scaled(z: Mutable[Tensor[f32]], a: float = 2.0) -> None:
    z.store(z.load() * a)


@tr.kernel
def typed(z: Mutable[Tensor[i32]], k: i32) -> None:
    z.store(z.load() + k)


@tr.kernel
def reader(x: Shared[Tensor[f32]]) -> None:
    tl.printf("%f", tl.sum(x.load_tile((4,), (0,))))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((2.7, False, 0), r"`n` of kernel `fill` is a scalar \(int\), got 2.7"),
        ((1, "False", 0), r"`flag` of kernel `fill` is a scalar \(bool\), got 'False'"),
        ((1, False, 2.9), r"`c` of kernel `fill` is a scalar \(int\), got 2.9"),
        ((None, False, 0), r"`n` of kernel `fill` is a scalar \(int\), got None"),
    ],
)
def test_a_scalar_of_the_wrong_type_is_refused_before_any_borrow(
    args: tuple[object, ...], message: str
) -> None:
    z = tr.zeros((4,))
    with pytest.raises(TypeError, match=message):
        fill(z.partition((4,)), *args)
    z.to_numpy()  # nothing borrowed


def test_scalars_of_numpy_and_python_types_are_accepted() -> None:
    z = tr.zeros((4,))
    fill(z.partition((4,)), np.int64(2), np.bool_(False), 1).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(4, 3.0, np.float32))
    scaled(z.partition((4,)), 2).sync()  # an int where a float is expected
    w = tr.zeros((4,), dtype=i32)
    typed(w.partition((4,)), 5).sync()
    with pytest.raises(TypeError, match=r"`k` of kernel `typed` is a scalar \(i32\), got 1.5"):
        typed(w.partition((4,)), 1.5)


def test_a_scalar_default_is_used() -> None:
    z = tr.ones((4,))
    scaled(z.partition((4,))).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(4, 2.0, np.float32))


@pytest.mark.parametrize("grid", [-1, (0,), (-3,), (2, 1, 1, 1), 2.0, (1 << 40,), (1, 70000)])
def test_a_bad_explicit_grid_is_refused(grid: object) -> None:
    with pytest.raises(ValueError, match="must be 1 to 3 positive ints"):
        reader(tr.ones((4,)), grid=grid)  # type: ignore[arg-type]


def test_shapes_are_ints() -> None:
    z = tr.zeros((8,))
    with pytest.raises(TypeError, match="a shape is made of ints"):
        z.partition((4.5,))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a shape is made of ints"):
        tr.zeros((2.7,))  # type: ignore[arg-type]
    z.partition((np.int64(4),))


@pytest.mark.skipif(np.lib.NumpyVersion(np.__version__) < "2.0.0", reason="numpy 2's copy=")
def test_numpy_no_copy_request_is_refused() -> None:
    z = tr.zeros((4,))
    with pytest.raises(ValueError, match="without a copy"):
        np.asarray(z, copy=False)
    np.testing.assert_array_equal(np.asarray(z), np.zeros(4, np.float32))


def test_arguments_may_be_named_but_parameters_are_positional() -> None:
    z = tr.ones((4,))
    scaled(z=z.partition((4,)), a=3.0).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(4, 3.0, np.float32))
    with pytest.raises(tr.KernelError, match=r"TC206.*`a` of kernel `kw` is keyword-only"):

        @tr.kernel
        def kw(z: Mutable[Tensor[f32]], *, a: float) -> None:
            z.store(z.load() * a)


def test_a_partition_grid_beyond_cuda_limits_is_refused_at_the_launch() -> None:
    z = tr.zeros((2, 1 << 17), dtype=f32)
    part = z.partition((1, 1))
    with pytest.raises(ValueError, match=r"131072 blocks along axis 1, more than CUDA's 65535"):
        scaled(part)
    wide = tr.zeros((1 << 17,), dtype=f32)
    scaled(wide.partition((1,))).sync()  # axis 0 takes 2**31-1
    np.testing.assert_array_equal(wide.to_numpy(), 0.0)


def test_then_takes_a_function() -> None:
    z = tr.zeros((4,), dtype=f32)
    op = scaled(z.partition((4,)))
    with pytest.raises(TypeError, match=r"\.then takes a function returning an Op, got 5"):
        op.then(5)  # type: ignore[arg-type]
    op.sync()


def test_events_are_checked_where_they_are_taken() -> None:
    s = tr.Stream()
    with pytest.raises(TypeError, match="wait_event takes an event"):
        s.wait_event(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="elapsed_ms takes the end event"):
        s.record().elapsed_ms(5)  # type: ignore[arg-type]


@pytest.mark.usefixtures("interpreter")
def test_the_cpu_device_is_named_by_its_model() -> None:
    cpuinfo = Path("/proc/cpuinfo")
    models = [
        line.split(":", 1)[1].strip()
        for line in (cpuinfo.read_text().splitlines() if cpuinfo.exists() else [])
        if line.startswith("model name")
    ]
    if not models:
        pytest.skip("no /proc/cpuinfo model name on this system")
    assert tr.Device().name == models[0]
