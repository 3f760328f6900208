"""KV-cache append for a batch of new tokens: rows of k_new [T, d] are written into
cache [slots, d] at slot_mapping[t] with tl.unsafe.scatter (vLLM's reshape_and_cache); a slot of
-1 (padding token) writes nothing. Plus an embedding lookup (ids -> rows, out-of-range id gives
zeros) as the first kernel."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, i32


@tr.kernel
def embed(out: Mutable[Tensor[f16]], table: Shared[Tensor[f16]], ids: Shared[Tensor[i32]]) -> None:
    BT, D = out.tile_shape
    (t, j) = out.index
    tid = ids.load_tile((BT,), (t,))
    cols = j * D + tl.arange(D)
    out.store(tl.gather(table, (tid[:, None], cols[None, :])))


@tr.kernel(unsafe=True)
def cache_append(
    done: Mutable[Tensor[i32]],
    cache: Mutable[Tensor[f16]],
    knew: Shared[Tensor[f16]],
    slots: Shared[Tensor[i32]],
) -> None:
    BT = done.tile_shape[0]
    (t, _) = done.index
    D = 64
    rows = t * BT + tl.arange(BT)
    slot = tl.gather(slots, rows, mask=rows < slots.shape[0], padding_value=-1)
    vals = knew.load_tile((BT, D), (t, 0))
    cols = tl.arange(D)
    tl.unsafe.scatter(cache, (slot[:, None], cols[None, :]), vals, mask=(slot >= 0)[:, None])
    done.store(tl.where(slot >= 0, 1, 0)[:, None])


def main():
    rng = np.random.default_rng(32)
    V, D, T, SLOTS = 50, 64, 19, 96
    table = rng.standard_normal((V, D)).astype(np.float16)
    ids = rng.integers(0, V, T).astype(np.int32)
    ids[4] = V + 3  # out of range: zeros
    emb = tr.empty((T, D), dtype=f16)
    embed(emb.partition((8, 32)), tr.from_numpy(table), tr.from_numpy(ids)).sync()
    ref_e = np.where((ids < V)[:, None], table[np.minimum(ids, V - 1)], 0)
    ok1 = np.array_equal(emb.to_numpy(), ref_e)

    cache0 = rng.standard_normal((SLOTS, D)).astype(np.float16)
    cache = tr.from_numpy(cache0.copy())
    slots = rng.permutation(SLOTS)[:T].astype(np.int32)
    slots[[3, 11]] = -1
    done = tr.zeros((T, 1), dtype=i32)
    # Every Mutable partition of a launch must have the same grid (first written with `done`
    # 1-D and the cache as one tile: refused, see README), so `done` is [T, 1] in tiles of
    # (8, 1) -> grid (3, 1), and the cache [96, 64] in tiles of (32, 64) -> grid (3, 1); the
    # scatter writes anywhere in the cache regardless.
    BT = 8
    nblk = -(-T // BT)
    cache_append(done.partition((BT, 1)), cache.partition((SLOTS // 3, D)), emb, tr.from_numpy(slots)).sync()
    ref_c = cache0.copy()
    for i in range(T):
        if slots[i] >= 0:
            ref_c[slots[i]] = emb.to_numpy()[i]
    ok2 = np.array_equal(cache.to_numpy(), ref_c)
    ok3 = np.array_equal(done.to_numpy()[:, 0], (slots >= 0).astype(np.int32))
    if not (ok1 and ok2 and ok3 and nblk == 3):
        raise AssertionError(f"embed {ok1}, cache {ok2}, done {ok3}")
    print("OK k32")


main()
