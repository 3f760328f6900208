"""Linear layer y = relu(x @ W + b) in f16 with an f32 accumulator, an f16 output and M, N, K
that the tiles do not divide."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16

BK = 32


@tr.kernel
def linear_relu(
    y: Mutable[Tensor[f16]],
    x: Shared[Tensor[f16]],
    w: Shared[Tensor[f16]],
    b: Shared[Tensor[f16]],
    bk: Const[int],
) -> None:
    pid_m, pid_n = y.index
    BM, BN = y.tile_shape
    acc = tl.zeros((BM, BN), dtype=tl.f32)
    K = x.shape[1]
    for k in range(0, tl.cdiv(K, bk)):
        a = x.load_tile((BM, bk), (pid_m, k))
        bt = w.load_tile((bk, BN), (k, pid_n))
        acc = tl.mma(a, bt, acc)
    bias = b.load_tile((BN,), (pid_n,)).astype(tl.f32)
    acc = acc + bias[None, :]
    acc = tl.maximum(acc, 0.0)
    y.store(acc.astype(tl.f16))


def main():
    rng = np.random.default_rng(9)
    M, N, K = 70, 90, 100
    xs = rng.standard_normal((M, K)).astype(np.float16)
    ws = (rng.standard_normal((K, N)) / 10).astype(np.float16)
    bs = rng.standard_normal(N).astype(np.float16)
    y = tr.empty((M, N), dtype=f16)
    linear_relu(y.partition((32, 32)), tr.from_numpy(xs), tr.from_numpy(ws), tr.from_numpy(bs), BK).sync()
    ref = np.maximum(xs.astype(np.float64) @ ws.astype(np.float64) + bs, 0)
    err = np.abs(y.to_numpy().astype(np.float64) - ref).max()
    if not err < 1e-2:
        raise AssertionError(f"linear_relu err {err}")
    print("OK k09")


main()
