"""A 32-bit integer hash (murmur3's fmix32) of token ids for n-gram/bloom tables: unsigned
arithmetic that wraps, logical right shifts, xor, multiplication by u32 constants above 2**31,
a bucket index by masking, and the same with an i32 view via bitcast."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, i32, u32

C1 = 0x85EBCA6B
C2 = 0xC2B2AE35


@tr.function
def fmix32(h: tl.Tile[u32]) -> tl.Tile[u32]:
    h = h ^ (h >> 16)
    h = h * C1
    h = h ^ (h >> 13)
    h = h * C2
    h = h ^ (h >> 16)
    return h


@tr.kernel
def hash_ids(h_out: Mutable[Tensor[u32]], bucket: Mutable[Tensor[i32]], ids: Shared[Tensor[i32]], seed: int) -> None:
    x = tl.bitcast(tl.load_tile_like(ids, h_out), tl.u32)
    h = fmix32(x ^ tl.astype(seed, tl.u32))
    h_out.store(h)
    bucket.store(tl.bitcast(h & 0x3FF, tl.i32))


def fmix_ref(h):
    h = h.astype(np.uint64)
    m = np.uint64(0xFFFFFFFF)
    h ^= h >> np.uint64(16)
    h = (h * np.uint64(C1)) & m
    h ^= h >> np.uint64(13)
    h = (h * np.uint64(C2)) & m
    h ^= h >> np.uint64(16)
    return h.astype(np.uint32)


def main():
    rng = np.random.default_rng(19)
    n = 777
    ids = rng.integers(-(2**31), 2**31 - 1, n, dtype=np.int64).astype(np.int32)
    seed = 12345
    h = tr.empty((n,), dtype=u32)
    b = tr.empty((n,), dtype=i32)
    hash_ids(h.partition((128,)), b.partition((128,)), tr.from_numpy(ids), seed).sync()
    ref = fmix_ref(ids.view(np.uint32) ^ np.uint32(seed))
    ok = np.array_equal(h.to_numpy(), ref) and np.array_equal(b.to_numpy(), (ref & 0x3FF).astype(np.int32))
    if not ok:
        raise AssertionError("hash mismatch")
    print("OK k19")


main()
