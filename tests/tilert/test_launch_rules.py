"""tilecheck's tile-type rules at the call (tilert/_core/launch_rules.py): a launch whose shapes
break TC207-TC211 is refused when the kernel is called, naming the rule, the kernel's line and
the caller's line, on the C launch path as on the Python one; the rules run once per launch
signature."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilecheck.kernel.checker import LaunchRules
from tilecheck.kernel.inference import Specialization
from tilert import Const, Mutable, Shared, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))  # marker: add-load


@tr.kernel
def window(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], start: Const[int]) -> None:
    z.store(x.load_tile((128,), (start,)))  # marker: window-load


@tr.kernel
def fixed_store(z: Mutable[Tensor[f32]]) -> None:
    z.store(tl.full((64,), 1.0, tl.f32))  # marker: fixed-store


@tr.kernel
def quiet(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))  # tilecheck: ignore[TC211] (the interpreter refuses it)


@tr.kernel
def doubled(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() * 2.0)


def line_of(marker: str) -> int:
    lines = inspect.getsource(inspect.getmodule(line_of)).splitlines()  # type: ignore[arg-type]
    return next(n for n, text in enumerate(lines, 1) if f"marker: {marker}" in text)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Each run of the rules with a launch's shapes (LaunchRules.check), counted."""
    calls: list[object] = []
    original = LaunchRules.check

    def counted(self: LaunchRules, specialization: Specialization | None = None) -> list[Any]:
        calls.append(specialization)
        return list(original(self, specialization))

    monkeypatch.setattr(LaunchRules, "check", counted)
    yield calls


def test_a_shared_tensor_smaller_than_the_output_is_refused_at_the_call() -> None:
    x, small = tr.ones((1000,), dtype=f32), tr.ones((900,), dtype=f32)
    z = tr.zeros((1000,), dtype=f32)
    add(z.partition((128,)), x, x).sync()  # the same grid, a checked signature first
    part = z.partition((128,))
    with pytest.raises(tr.KernelError) as info:
        add(part, x, small)  # the call itself: no sync
    caller = inspect.currentframe().f_lineno - 1  # type: ignore[union-attr]
    message = str(info.value)
    assert f"cannot run the launch at tests/tilert/test_launch_rules.py:{caller} (" in message
    assert f"{__file__}:{line_of('add-load')}:" in message
    assert "TC211 [load-like-smaller]" in message
    assert "`y` is smaller along axis 0 (900 < 1000)" in message
    assert [d.code for d in info.value.diagnostics] == ["TC211"]  # type: ignore[attr-defined]
    assert not small._borrows and not x._borrows  # type: ignore[attr-defined]  # no borrow taken
    add(part, x, x).sync()  # the partition was not consumed


def test_a_constant_tile_index_past_the_end_is_refused_at_the_call() -> None:
    x, z = tr.ones((512,), dtype=f32), tr.zeros((128,), dtype=f32)
    window(z.partition((128,)), x, 3).sync()
    np.testing.assert_array_equal(z.to_numpy(), 1.0)
    with pytest.raises(tr.KernelError, match=r"TC210 \[load-outside-tensor\].*index 4 of axis 0"):
        window(z.partition((128,)), x, 4)
    message = str(window_error(x, z))
    assert f"{__file__}:{line_of('window-load')}:" in message and "`start` = 4" in message


def window_error(x: Tensor[f32], z: Tensor[f32]) -> tr.KernelError:
    with pytest.raises(tr.KernelError) as info:
        window(z.partition((128,)), x, 4)
    return info.value


def test_a_store_that_cannot_fit_the_launch_tile_is_refused_at_the_call() -> None:
    z = tr.zeros((256,), dtype=f32)
    fixed_store(z.partition((64,))).sync()
    with pytest.raises(tr.KernelError) as info:
        fixed_store(z.partition((128,)))
    assert "TC207 [store-tile-mismatch]" in str(info.value)
    assert f"{__file__}:{line_of('fixed-store')}:" in str(info.value)


def test_a_finding_the_file_silences_is_left_to_the_backend() -> None:
    x, z = tr.ones((100,), dtype=f32), tr.zeros((128,), dtype=f32)
    op = quiet(z.partition((128,)), x)  # no error at the call
    with pytest.raises(tr.KernelError, match="is smaller than `z`"):  # the interpreter's
        op.sync()


def test_the_rules_run_once_per_signature(checks: list[object]) -> None:
    x = tr.ones((1200,), dtype=f32)  # (shapes no other test launches `add` with)
    outputs = [tr.zeros((1200,), dtype=f32) for _ in range(3)]
    for _ in range(4):
        for z in outputs:  # other tensors, one signature
            add(z.partition((128,)), x, x).sync()
    assert len(checks) == 1
    add(outputs[0].partition((256,)), x, x).sync()  # another tile shape
    add(outputs[0].partition((256,)), x, x).sync()
    assert len(checks) == 2
    pending = [add(z.partition((256,)), x, x).submit() for z in outputs]
    for p in pending:
        p.wait()
    assert len(checks) == 2


def test_a_valid_kernel_launched_with_many_signatures_runs(checks: list[object]) -> None:
    seen = 0
    for n in (1, 7, 64, 100, 300, 1024):  # (shapes no other test launches `add` with)
        for tile in (16, 64, 256):
            xs = np.arange(n, dtype=np.float32)
            x, y = tr.from_numpy(xs), tr.from_numpy(2 * xs)
            z = tr.zeros((n,), dtype=f32)
            add(z.partition((tile,)), x, y).sync()
            add(z.partition((tile,)), x, y).sync()  # checked: not again
            np.testing.assert_array_equal(z.to_numpy(), 3 * xs)
            seen += 1
    assert len(checks) == seen


def test_a_kernel_the_rules_decide_alone_has_one_signature(checks: list[object]) -> None:
    for n in (64, 100, 512):
        z = tr.ones((n,), dtype=f32)
        doubled(z.partition((64,))).sync()
        np.testing.assert_array_equal(z.to_numpy(), 2.0)
    assert doubled._keyed == (False,) and len(checks) == 1
