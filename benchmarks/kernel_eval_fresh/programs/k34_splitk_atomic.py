"""Split-K GEMM for a skinny problem (M = 8 decode tokens, K = 512): the K range is cut into
slices, grid (n tiles, k slices), where each block computes a partial product and
tl.unsafe.atomic_add's it (f32) into the output at element indices. The k-slice axis of the grid
comes from a [N_TILES, SPLIT] 'ticket' output each block stamps."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f16, f32, i32


@tr.kernel(unsafe=True)
def splitk(
    ticket: Mutable[Tensor[i32]],
    c: Mutable[Tensor[f32]],
    a: Shared[Tensor[f16]],
    b: Shared[Tensor[f16]],
    BN: Const[int],
    BK: Const[int],
    STEPS: Const[int],
) -> None:
    n, s = ticket.index
    M = 16  # the 8 rows padded to 16 for mma
    acc = tl.zeros((M, BN), tl.f32)
    for kk in range(STEPS):
        k = s * STEPS + kk
        acc = tl.mma(a.load_tile((M, BK), (0, k)), b.load_tile((BK, BN), (k, n)), acc)
    # c is the [M * N_TILES, BN] view of the [M, N] output: row m of tile n is view row
    # m * N_TILES + n (rows past M fall outside and write nothing)
    rows = tl.arange(M)[:, None] * tl.num_blocks(0) + n
    cols = tl.arange(BN)[None, :]
    tl.unsafe.atomic_add(c, (rows, cols), acc, order="relaxed")
    ticket.store(tl.full((1, 1), 1, tl.i32))


def main():
    rng = np.random.default_rng(34)
    M, N, K = 8, 96, 512
    BN, BK, SPLIT = 32, 64, 4
    steps = K // BK // SPLIT
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    n_tiles = N // BN
    ticket = tr.zeros((n_tiles, SPLIT), dtype=i32)
    c = tr.zeros((M, N), dtype=f32)
    # Every Mutable partition must have ticket's grid (3, 4): first written with c partitioned
    # (M, BN), grid (1, 3), refused (see README). The atomics' target is therefore a view of c,
    # [M * 3, BN], in tiles of (M, BN // SPLIT): grid (3, 4); the tiles mean nothing here.
    cv = c.reshape(M * n_tiles, BN)
    splitk(ticket.partition((1, 1)), cv.partition((M, BN // SPLIT)), a, b, BN, BK, steps).sync()
    ref = a.astype(np.float64) @ b.astype(np.float64)
    err = np.abs(c.to_numpy() - ref).max()
    if not (err < 1e-2 and ticket.to_numpy().all()):
        raise AssertionError(f"split-k err {err}")
    print("OK k34")


main()
