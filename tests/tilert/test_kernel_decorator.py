"""@tr.kernel validates the body with tilecheck's kernel rules before anything runs."""

# These tests commit each violation on purpose to see the runtime refuse it.
# tilecheck: ignore-file[TC201, TC203, TC204, TC206]

from __future__ import annotations

import re

import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lines_in
from tilert import Const, Mutable, Shared, Tensor, f32
from tilert.signature import ParamKind

THIS_FILE = re.escape(__file__)


line_of = lines_in(__file__)


def test_store_to_shared_is_refused_at_decoration() -> None:
    with pytest.raises(tr.KernelError) as info:

        @tr.kernel
        def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
            x.store(z.load())  # marker: store-to-shared

    message = str(info.value)
    line = line_of("marker: store-to-shared")
    assert re.search(rf"{THIS_FILE}:{line}:\d+: TC201 \[store-to-shared\]", message), message
    assert "`x`" in message
    assert [d.code for d in info.value.diagnostics] == ["TC201"]  # type: ignore[attr-defined]


def test_unsafe_op_in_safe_kernel_is_refused() -> None:
    with pytest.raises(tr.KernelError, match=r"TC203 \[unsafe-op\]"):

        @tr.kernel
        def bad(z: Mutable[Tensor[f32]]) -> None:
            tl.unsafe.store(z, (0,), z.load())


def test_unsupported_construct_is_refused_with_its_line() -> None:
    with pytest.raises(tr.KernelError) as info:

        @tr.kernel
        def bad(z: Mutable[Tensor[f32]]) -> None:
            try:  # marker: try-in-kernel
                z.store(z.load())
            finally:
                pass

    line = line_of("marker: try-in-kernel")
    assert re.search(rf":{line}:\d+: TC204 \[unsupported-construct\]", str(info.value))


def test_unannotated_parameter_is_refused() -> None:
    with pytest.raises(tr.KernelError, match=r"TC206 \[bad-kernel-signature\].*`a`"):

        @tr.kernel
        def bad(z: Mutable[Tensor[f32]], a) -> None:  # type: ignore[no-untyped-def]
            z.store(z.load())


def test_parameters_are_read_from_annotations() -> None:
    @tr.kernel(unsafe=True, occupancy=2)
    def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float, n: Const[int]) -> None:
        z.store(tl.load_tile_like(x, z) * a)

    assert [p.kind for p in k.params] == [
        ParamKind.MUTABLE,
        ParamKind.SHARED,
        ParamKind.SCALAR,
        ParamKind.CONST,
    ]
    assert k.params[0].dtype is f32 and k.params[3].py_type is int
    assert k.unsafe and k.options == {"occupancy": 2}


def test_helper_defined_after_kernel_is_resolved_at_launch() -> None:
    @tr.kernel
    def uses_helper(z: Mutable[Tensor[f32]]) -> None:
        z.store(double(z.load()))

    z = tr.ones((64,))
    uses_helper(z.partition((32,))).sync()
    assert z.to_numpy().tolist() == [2.0] * 64


@tr.function
def double(t: tl.Tile[f32]) -> tl.Tile[f32]:
    return t * 2.0


def test_kernel_without_mutable_needs_grid() -> None:
    @tr.kernel
    def reader(x: Shared[Tensor[f32]]) -> None:
        tl.printf("%f", tl.sum(x.load_tile((4,), (0,))))

    with pytest.raises(ValueError, match="pass grid="):
        reader(tr.ones((4,)))
    reader(tr.ones((4,)), grid=(1,)).sync()
