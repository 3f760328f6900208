"""The atomics' memory order and scope (``order=``, ``scope=``): the interpreter runs a kernel
that uses them as it runs one without, the lowering hands them to cuTile as its enums, and a
value cuTile does not have is refused when the kernel is decorated, at its line."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lang_kernels as K
from tests.support import lines_in
from tilert import Mutable, Tensor, f32, i32
from tilert.cutile.lowering import lower_kernel

line_of = lines_in(__file__)


def test_a_relaxed_combine_sums_every_block_and_leaves_the_workspace_clean() -> None:
    x = np.random.default_rng(5).standard_normal((6, 16)).astype(np.float32)
    out, ws, count = (
        tr.zeros((6, 16), dtype=f32),
        tr.zeros((6, 16), dtype=f32),
        tr.zeros((6, 1), dtype=i32),
    )
    for _ in range(2):  # the second call finds what the first left: zeros
        K.combine_last(
            out.partition((1, 16)), ws.partition((1, 16)), count.partition((1, 1)), tr.from_numpy(x)
        ).sync()
        np.testing.assert_allclose(out.to_numpy()[0], x.sum(axis=0), rtol=1e-5, atol=1e-5)
        assert not ws.to_numpy().any() and not count.to_numpy().any()


@tr.kernel(unsafe=True)
def _scoped(z: Mutable[Tensor[i32]]) -> None:
    tl.unsafe.atomic_add(z, tl.arange(4), 1, order="release", scope="block")
    tl.unsafe.atomic_cas(z, tl.arange(4), 1, 2, order="acquire", scope="sys")
    tl.unsafe.atomic_max(z, tl.arange(4), 3)


def test_the_lowering_passes_cutiles_enums_and_leaves_the_default_alone() -> None:
    lines = lower_kernel(_scoped).source.splitlines()
    add, cas, top = (
        next(t for t in lines if f"ct.atomic_{op}(" in t) for op in ("add", "cas", "max")
    )
    assert "memory_order=ct.MemoryOrder.RELEASE" in add
    assert "memory_scope=ct.MemoryScope.BLOCK" in add
    assert "memory_order=ct.MemoryOrder.ACQUIRE" in cas
    assert "memory_scope=ct.MemoryScope.SYS" in cas
    assert "memory_" not in top  # cuTile's defaults: acq_rel, device, as ours


def _refused(kernel: Any) -> str:
    with pytest.raises(tr.KernelError) as info:
        tr.kernel(unsafe=True)(kernel)
    codes = [d.code for d in info.value.diagnostics]  # type: ignore[attr-defined]
    assert "TC204" in codes, str(info.value)
    return str(info.value)


def test_a_misspelt_order_is_refused_at_decoration() -> None:
    def bad(z: Mutable[Tensor[i32]]) -> None:
        tl.unsafe.atomic_add(z, tl.arange(4), 1, order="relaxd")  # type: ignore[arg-type]  # marker: misspelt

    message = _refused(bad)
    assert re.search(rf":{line_of('marker: misspelt')}:\d+: TC204", message), message
    assert '`order=` is "relaxd"' in message and '"relaxed"' in message


def test_a_scope_that_is_not_a_literal_is_refused_at_decoration() -> None:
    def bad(z: Mutable[Tensor[i32]], scope: tr.Const[int]) -> None:
        tl.unsafe.atomic_xchg(z, tl.arange(4), 1, scope=scope)  # type: ignore[arg-type]  # marker: not literal

    message = _refused(bad)
    assert re.search(rf":{line_of('marker: not literal')}:\d+: TC204", message), message
    assert "`scope=` is not a string literal" in message


def test_an_unknown_keyword_of_an_atomic_is_refused_at_decoration() -> None:
    def bad(z: Mutable[Tensor[i32]]) -> None:
        tl.unsafe.atomic_min(z, tl.arange(4), 1, ordering="relaxed")  # type: ignore[call-arg]  # marker: keyword

    message = _refused(bad)
    assert "has no keyword `ordering`; did you mean `order`?" in message, message
