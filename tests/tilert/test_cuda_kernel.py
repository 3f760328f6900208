"""``tr.cuda_kernel`` on the host: its signature, argument checks and borrows are those of a
``@tr.kernel`` launch; running one needs the GPU (tests/gpu/test_gpu_cuda_kernel.py runs them)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tilert as tr
from tilert import Const, Mutable, Shared, Tensor, f32, i64
from tilert.signature import ParamKind

pytestmark = pytest.mark.usefixtures("interpreter")  # the host side, even on a GPU machine

ADD = r"""
extern "C" __global__ void add(float* z, const float* x, const float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = x[i] + y[i];
}
"""

add = tr.cuda_kernel(
    ADD,
    "add",
    params={
        "z": Mutable[Tensor[f32]],
        "x": Shared[Tensor[f32]],
        "y": Shared[Tensor[f32]],
        "n": int,
    },
    block=256,
)


def test_signature_from_params() -> None:
    assert [p.kind for p in add.params] == [
        ParamKind.MUTABLE,
        ParamKind.SHARED,
        ParamKind.SHARED,
        ParamKind.SCALAR,
    ]
    assert [p.name for p in add.params] == ["z", "x", "y", "n"]
    assert add.block == (256,)
    assert add.code_type == "c++"
    line = Path(__file__).read_text().splitlines().index("add = tr.cuda_kernel(") + 1
    assert add.defined_at.endswith(f"test_cuda_kernel.py:{line}")
    listed = tr.cuda_kernel(ADD, "add", params=[Mutable[Tensor[f32]], int], block=(16, 16))
    assert [p.name for p in listed.params] == ["arg0", "arg1"]
    assert listed.block == (16, 16)


def test_code_type_detected() -> None:
    ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry add() { ret; }"
    assert tr.cuda_kernel(ptx, "add", params=[], block=1).code_type == "ptx"
    assert tr.cuda_kernel(b"\x7fELF", "add", params=[], block=1).code_type == "cubin"


@pytest.mark.parametrize("hint", [Const[int], "float*", list, Tensor[f32]])
def test_a_parameter_kind_it_cannot_pass_is_an_error(hint: object) -> None:
    with pytest.raises(tr.KernelError, match=r"test_cuda_kernel.py:\d+: cuda kernel `k`"):
        tr.cuda_kernel(ADD, "k", params=[hint], block=32)


@pytest.mark.parametrize("block", [0, (1, 2, 3, 4), (32, -1), 2.0])
def test_block_must_be_positive_ints(block: object) -> None:
    with pytest.raises(ValueError, match="block must be 1 to 3 positive ints"):
        tr.cuda_kernel(ADD, "add", params=[], block=block)  # type: ignore[arg-type]


def test_params_must_be_a_list_or_dict() -> None:
    with pytest.raises(TypeError, match="params must be a list"):
        tr.cuda_kernel(ADD, "add", params="z, x", block=32)


def test_arity_and_argument_kinds_are_checked() -> None:
    x, y, z = tr.ones((8,)), tr.ones((8,)), tr.zeros((8,))
    with pytest.raises(TypeError, match=r"takes 4 arguments \(z, x, y, n\), got 3"):
        add(z.partition((8,)), x, y)  # tilecheck: ignore[TC106]
    with pytest.raises(tr.BorrowError, match="Mutable: pass a partition"):
        add(z, x, y, 8)  # tilecheck: ignore[TC106]
    with pytest.raises(TypeError, match="expects f32 elements"):
        add(z.partition((8,)), tr.ones((8,), dtype=i64), y, 8)  # tilecheck: ignore[TC105]


@pytest.mark.parametrize(
    ("value", "message"),
    [(2.5, "is a int32, got 2.5"), (2**40, "does not fit"), (np.ones(2), "is a int32")],
)
def test_scalars_are_checked_against_their_c_type(value: object, message: str) -> None:
    a, b, z = tr.ones((8,)), tr.ones((8,)), tr.zeros((8,))
    with pytest.raises(TypeError, match=message):
        add(z.partition((8,)), a, b, value)  # tilecheck: ignore[TC105]
    z.partition((8,))  # nothing was borrowed


def test_scalars_take_the_c_type_of_their_parameter() -> None:
    k = tr.cuda_kernel(ADD, "k", params={"a": float, "b": i64, "c": bool}, block=1)
    op = k(2, 3, True, grid=(1,))
    a, b, c = op._result()
    assert (type(a), type(b), type(c)) == (np.float32, np.int64, np.bool_)
    with pytest.raises(RuntimeError, match="runs on the GPU only"):
        op.sync()


def test_an_op_holds_its_borrows_like_a_kernel_launch() -> None:
    x, y, z = tr.ones((8,)), tr.ones((8,)), tr.zeros((8,))
    op = add(z.partition((8,)), x, y, 8)
    with pytest.raises(tr.BorrowError, match="partition"):
        z.partition((8,))  # tilecheck: ignore[TC102]
    with pytest.raises(tr.BorrowError, match="read by op `add`"):
        x.copy_from(np.zeros(8, np.float32))  # tilecheck: ignore[TC103]
    two_readers = add(tr.zeros((8,)).partition((8,)), x, x, 8)  # x read twice: fine
    w = tr.zeros((8,))
    with pytest.raises(tr.BorrowError, match="as Mutable `z` and again as `x`"):
        add(w.partition((8,)), w, y, 8)  # tilecheck: ignore[TC101]
    with pytest.raises(RuntimeError, match=r"cuda kernel `add` .* runs on the GPU only"):
        op.sync()
    z.partition((8,))  # released when the op completed (with its error)
    with pytest.raises(RuntimeError, match="runs on the GPU only"):
        two_readers.sync()
    x.copy_from(np.zeros(8, np.float32))


def test_grid_is_the_partitions() -> None:
    z = tr.zeros((1000,))
    op = add(z.partition((256,)), tr.ones((1000,)), tr.ones((1000,)), 1000)
    assert op._steps[0].grid == (4,)  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError):
        op.sync()


def test_launch_raw_checks_what_it_can_and_needs_the_gpu() -> None:
    z = tr.zeros((8,))
    with pytest.raises(TypeError, match=r"launches a tr\.cuda_kernel"):
        tr.unsafe.launch_raw(object(), grid=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes 4 arguments, got 1"):
        tr.unsafe.launch_raw(add, z, grid=1)
    with pytest.raises(RuntimeError, match="GPU only"):
        tr.unsafe.launch_raw(add, z, z, z, 8, grid=1)
