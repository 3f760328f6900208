"""Integer semantics in attention masks: an ALiBi + sliding-window bias matrix built from query
and key positions (i64), with Python-style floor `//` and `%` on negative distances (bucketed
relative positions, T5-style buckets of 4), tl.divmod, and u8 wrap-around (a byte checksum
of the buckets). Outputs the f32 bias [Q, K] and a u8 [Q, K] code."""
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, f32, i64, u8

WINDOW = 20


@tr.kernel
def alibi_window(bias: Mutable[Tensor[f32]], code: Mutable[Tensor[u8]], slope: float, q_off: i64) -> None:
    i, j = bias.index
    BQ, BK = bias.tile_shape
    qpos = (i * BQ + tl.arange(BQ)).astype(tl.i64) + q_off
    kpos = (j * BK + tl.arange(BK)).astype(tl.i64)
    dist = kpos[None, :] - qpos[:, None]  # <= 0 for visible keys
    ok = (dist <= 0) & (dist > -WINDOW)
    bias.store(tl.where(ok, dist.astype(tl.f32) * slope, float("-inf")))
    bucket = dist // 4  # floors toward -inf: -1 // 4 == -1
    rem = dist % 4      # takes the divisor's sign: -1 % 4 == 3
    q2, r2 = tl.divmod(dist, 4)
    same = (q2 == bucket) & (r2 == rem)
    b8 = tl.astype(bucket & 0xFF, tl.u8)
    c = b8 * 37 + 200       # u8 arithmetic wraps
    code.store(tl.where(same, c, tl.astype(0, tl.u8)))


def main():
    Q, K, q_off, slope = 37, 50, 13, 0.125
    bias = tr.empty((Q, K), dtype=f32)
    code = tr.empty((Q, K), dtype=u8)
    alibi_window(bias.partition((16, 32)), code.partition((16, 32)), slope, q_off).sync()
    qp = np.arange(Q, dtype=np.int64)[:, None] + q_off
    kp = np.arange(K, dtype=np.int64)[None, :]
    d = kp - qp
    ok = (d <= 0) & (d > -WINDOW)
    ref_b = np.where(ok, d.astype(np.float32) * np.float32(slope), -np.inf).astype(np.float32)
    ref_c = (((d // 4) & 0xFF) * 37 + 200) % 256
    okb = np.array_equal(bias.to_numpy(), ref_b)
    okc = np.array_equal(code.to_numpy().astype(np.int64), ref_c)
    if not (okb and okc):
        raise AssertionError(f"bias {okb}, code {okc}")
    print("OK k37")


main()
