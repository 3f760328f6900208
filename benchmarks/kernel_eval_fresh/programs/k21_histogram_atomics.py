"""Token-id histogram (expert load counts for MoE routing) with tl.unsafe.atomic_add into an i32
counts tensor, plus a global max via atomic_max and a 'first block' flag via atomic_cas.

First written with the grid over the input (grid=(blocks,)) and counts partitioned as one
tile: refused (the Mutable partitions define the grid, see README). Now: counts partitioned
(1,) gives 16 blocks, each walks the input chunks b, b + 16, ... (a grid-stride loop); `misc`
([16]: misc[0] the max, misc[1] the first block) is partitioned the same way."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, i32

N_EXPERTS = 16


@tr.kernel(unsafe=True)
def histogram(
    counts: Mutable[Tensor[i32]],
    misc: Mutable[Tensor[i32]],
    ids: Shared[Tensor[i32]],
    BLOCK: tl.Const[int],
) -> None:
    b = tl.bid(0)
    nb = tl.num_blocks(0)
    n_chunks = tl.cdiv(ids.shape[0], BLOCK)
    for c in range(b, n_chunks, nb):
        offs = c * BLOCK + tl.arange(BLOCK)
        valid = offs < ids.shape[0]
        e = tl.gather(ids, offs, mask=valid, padding_value=-1)
        # an index outside [0, N_EXPERTS) writes nothing: the padding's -1 is dropped
        tl.unsafe.atomic_add(counts, e, 1, order="relaxed")
        tl.unsafe.atomic_max(misc, 0, tl.max(e))
    tl.unsafe.atomic_cas(misc, 1, -1, b)


def main():
    rng = np.random.default_rng(21)
    n, BLOCK = 1000, 64
    ids = rng.integers(0, N_EXPERTS - 1, n).astype(np.int32)
    ids[17] = N_EXPERTS - 1
    counts = tr.zeros((N_EXPERTS,), dtype=i32)
    misc = tr.full((N_EXPERTS,), -1, dtype=i32)
    histogram(counts.partition((1,)), misc.partition((1,)), tr.from_numpy(ids), BLOCK).sync()
    ref = np.bincount(ids, minlength=N_EXPERTS)
    m = misc.to_numpy()
    if not (np.array_equal(counts.to_numpy(), ref) and m[0] == ids.max() and 0 <= m[1] < N_EXPERTS):
        raise AssertionError(f"{counts.to_numpy()} vs {ref}; misc {m[:2]}")
    print("OK k21")


main()
