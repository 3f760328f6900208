"""``tr.cuda_kernel`` on the GPU: CUDA C++ through NVRTC, PTX and cubins, scalars of each C
type, ordering with tile kernels, graphs. Skipped (by conftest) without a GPU."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
from tilert import Mutable, Shared, Tensor, f32, i64

pytestmark = [pytest.mark.gpu, pytest.mark.usefixtures("cutile")]

SOURCE = r"""
extern "C" __global__ void add(float* z, const float* x, const float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = x[i] + y[i];
}

extern "C" __global__ void axpy(float* z, const float* x, float a, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = a * x[i] + z[i];
}
"""
ADD = {"z": Mutable[Tensor[f32]], "x": Shared[Tensor[f32]], "y": Shared[Tensor[f32]], "n": int}


@tr.kernel
def double(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() * 2.0)


def _inputs(n: int) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[type-arg]
    rng = np.random.default_rng(0)
    return rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)


def test_cuda_cpp_add_with_a_ragged_last_block() -> None:
    add = tr.cuda_kernel(SOURCE, "add", params=ADD, block=256)
    n = 1000  # four blocks of 256 threads, the last one partly idle
    xs, ys = _inputs(n)
    x, y, z = tr.from_numpy(xs), tr.from_numpy(ys), tr.zeros((n,))
    add(z.partition((256,)), x, y, n).sync()
    np.testing.assert_allclose(z.to_numpy(), xs + ys, rtol=1e-6)


def test_scalars_of_each_c_type() -> None:
    axpy = tr.cuda_kernel(
        SOURCE,
        "axpy",
        params=[Mutable[Tensor[f32]], Shared[Tensor[f32]], float, i64],
        block=128,
    )
    n = 512
    xs, zs = _inputs(n)
    x, z = tr.from_numpy(xs), tr.from_numpy(zs)
    axpy(z.partition((128,)), x, 0.5, n).sync()
    np.testing.assert_allclose(z.to_numpy(), 0.5 * xs + zs, rtol=1e-6)


def test_ptx_and_cubin() -> None:
    from cuda.core import Device, Program, ProgramOptions

    options = ProgramOptions(arch=f"sm_{Device().arch}")
    ptx = Program(SOURCE, code_type="c++", options=options).compile("ptx").code
    cubin = Program(SOURCE, code_type="c++", options=options).compile("cubin").code
    n = 300
    xs, ys = _inputs(n)
    x, y = tr.from_numpy(xs), tr.from_numpy(ys)
    text = ptx.decode() if isinstance(ptx, bytes) else ptx
    for code in (text, bytes(cubin)):
        add = tr.cuda_kernel(code, "add", params=ADD, block=64)
        z = tr.zeros((n,))
        add(z.partition((64,)), x, y, n).sync()
        np.testing.assert_allclose(z.to_numpy(), xs + ys, rtol=1e-6)
    assert tr.cuda_kernel(text, "add", params=ADD, block=64).code_type == "ptx"


def test_a_compile_error_names_where_the_kernel_was_defined() -> None:
    broken = tr.cuda_kernel(
        'extern "C" __global__ void k(float* z) { z[0] = ; }',
        "k",
        params=[Mutable[Tensor[f32]]],
        block=1,
    )
    z = tr.zeros((4,))
    with pytest.raises(
        tr.KernelError, match=r"test_gpu_cuda_kernel.py:\d+: cuda kernel `k`: NVRTC"
    ):
        broken(z.partition((4,))).sync()
    z.partition((4,))  # the failed op released its borrow


def test_then_a_tile_kernel_on_another_stream() -> None:
    add = tr.cuda_kernel(SOURCE, "add", params=ADD, block=256)
    n = 1 << 16
    xs, ys = _inputs(n)
    x, y, z = tr.from_numpy(xs), tr.from_numpy(ys), tr.zeros((n,))
    first, second = tr.Stream(), tr.Stream()
    pending = add(z.partition((256,)), x, y, n).submit(first)
    pending.wait()
    double(z.partition((1024,))).sync_on(second)
    np.testing.assert_allclose(z.to_numpy(), 2 * (xs + ys), rtol=1e-6)


def test_recorded_in_a_graph_and_replayed() -> None:
    add = tr.cuda_kernel(SOURCE, "add", params=ADD, block=128)
    n = 4096
    xs, ys = _inputs(n)
    x, y, z = tr.from_numpy(xs), tr.from_numpy(ys), tr.zeros((n,))
    with tr.graph() as g:
        g.record(add(z.partition((128,)), x, y, n).then(lambda zp, *_: double(zp)))
    g.launch().wait()
    g.launch().wait()  # the add overwrites z, so two replays give what one does
    g.close()
    np.testing.assert_allclose(z.to_numpy(), 2 * (xs + ys), rtol=1e-6)


def test_launch_raw_passes_pointers_without_borrowing() -> None:
    add = tr.cuda_kernel(SOURCE, "add", params=ADD, block=256)
    n = 512
    xs, ys = _inputs(n)
    x, y, z = tr.from_numpy(xs), tr.from_numpy(ys), tr.zeros((n,))
    half = z.__cuda_array_interface__["data"][0] + 4 * (n // 2)  # a pointer into the middle
    tr.unsafe.launch_raw(add, half, x, y, n // 2, grid=(1,))
    tr.current_stream().synchronize()
    expected = np.zeros(n, np.float32)
    expected[n // 2 :] = xs[: n // 2] + ys[: n // 2]
    np.testing.assert_allclose(z.to_numpy(), expected, rtol=1e-6)
