"""A CUDA C++ kernel beside a tile kernel: the same ops, borrows and chains, timed with events.
Needs a GPU (the cutile backend); on the CPU it says so and stops."""

from __future__ import annotations

import numpy as np

import tilert as tr
from tilert import Mutable, Shared, Tensor, f32

RELU = r"""
extern "C" __global__ void relu(float* y, const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}
"""
relu = tr.cuda_kernel(
    RELU,
    "relu",
    params={"y": Mutable[Tensor[f32]], "x": Shared[Tensor[f32]], "n": int},
    block=256,
)


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def relu_then_scale(y: Tensor[f32], x: Tensor[f32], n: int) -> tr.Op:
    """One op: the CUDA kernel writes y, then the tile kernel scales it, in order."""
    return relu(y.partition((256,)), x, n).then(lambda yp, *_: scale(yp, 2.0))


def main(n: int = 1 << 22) -> None:
    device = tr.Device()
    if device.kind != "cuda":
        print("cuda_cpp: CUDA C++ runs on a GPU (the cutile backend); nothing to run here")
        return
    xs = np.random.default_rng(3).standard_normal(n).astype(np.float32)
    x, y = tr.from_numpy(xs), tr.zeros((n,))
    relu_then_scale(y, x, n).sync()  # compiles both kernels
    stream = tr.current_stream()
    start = stream.record()
    relu_then_scale(y, x, n).sync()
    end = stream.record()
    error = float(np.max(np.abs(y.to_numpy() - 2 * np.maximum(xs, 0))))
    ms = start.elapsed_ms(end)
    print(
        f"cuda_cpp: relu (CUDA C++) then scale (tile kernel) on {n} floats on {device.name}: "
        f"{ms:.3f} ms between the events around the chain; max error {error} against numpy: "
        f"{'ok' if error == 0.0 else 'MISMATCH'}"
    )
    if error != 0.0:  # a max and a doubling: exact
        raise AssertionError(f"cuda_cpp: max error {error} against numpy")


if __name__ == "__main__":
    main()
