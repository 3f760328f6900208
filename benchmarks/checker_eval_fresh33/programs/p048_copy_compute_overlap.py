"""Overlap host-to-device staging of the next chunk with the reduction of the current one,
swapping the two buffers every iteration."""

import numpy as np
from servekit import TILE, accumulate, copy

import tilert as tr


def reduce_chunks(chunks: list[tr.Tensor]) -> tuple[np.ndarray, float]:
    n = chunks[0].shape[0]
    copy_stream = tr.Stream()
    cur, nxt = tr.empty((n,)), tr.empty((n,))
    total = tr.zeros((n,))
    checksum = 0.0
    pend_cur = copy(cur.partition((TILE,)), chunks[0]).submit(copy_stream)
    for i in range(len(chunks)):
        pend_nxt = None
        if i + 1 < len(chunks):
            pend_nxt = copy(nxt.partition((TILE,)), chunks[i + 1]).submit(copy_stream)
        checksum += float(cur.to_numpy().sum())  # expect: TC102
        pend_cur.wait()
        accumulate(total.partition((TILE,)), cur).sync()
        cur, nxt = nxt, cur
        pend_cur = pend_nxt
    return total.to_numpy(), checksum


rng = np.random.default_rng(48)
data = [tr.from_numpy(rng.standard_normal(256).astype(np.float32)) for _ in range(5)]
total, checksum = reduce_chunks(data)  # expect-also: TC102
print(f"sum {total.sum():.4f} checksum {checksum:.4f}")
