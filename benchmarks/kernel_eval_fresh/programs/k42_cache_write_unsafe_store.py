"""Decode-step cache write: the new token's k and v rows ([kv_heads, d] each, f16) are written
into row `pos` of caches [kv_heads, max_seq, d] with tl.unsafe.store at a tile-space index
(one (1, 1, d) tile per head), the caches partitioned one head per block; a position read
from a device tensor (so a captured graph could serve every step)."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, i32


@tr.kernel(unsafe=True)
def write_kv(
    kc: Mutable[Tensor[f16]],
    vc: Mutable[Tensor[f16]],
    k_new: Shared[Tensor[f16]],
    v_new: Shared[Tensor[f16]],
    position: Shared[Tensor[i32]],
) -> None:
    h, _, _ = kc.index
    _, _, D = kc.tile_shape
    pos = position.load_tile((1,), (0,)).reshape(())
    kt = k_new.load_tile((1, D), (h, 0)).reshape((1, 1, D))
    vt = v_new.load_tile((1, D), (h, 0)).reshape((1, 1, D))
    tl.unsafe.store(kc, (h, pos, 0), kt)
    tl.unsafe.store(vc, (h, pos, 0), vt)


def main():
    rng = np.random.default_rng(42)
    KVH, S, D = 3, 40, 64
    k0 = rng.standard_normal((KVH, S, D)).astype(np.float16)
    v0 = rng.standard_normal((KVH, S, D)).astype(np.float16)
    kc, vc = tr.from_numpy(k0.copy()), tr.from_numpy(v0.copy())
    kn = rng.standard_normal((KVH, D)).astype(np.float16)
    vn = rng.standard_normal((KVH, D)).astype(np.float16)
    pos = 37
    write_kv(kc.partition((1, 64, D)), vc.partition((1, 64, D)), tr.from_numpy(kn), tr.from_numpy(vn),
             tr.from_numpy(np.array([pos], dtype=np.int32))).sync()
    rk, rv = k0.copy(), v0.copy()
    rk[:, pos] = kn
    rv[:, pos] = vn
    if not (np.array_equal(kc.to_numpy(), rk) and np.array_equal(vc.to_numpy(), rv)):
        raise AssertionError("cache write mismatch")
    print("OK k42")


main()
