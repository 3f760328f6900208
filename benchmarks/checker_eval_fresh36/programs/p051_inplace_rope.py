"""Rotary embedding applied in place to the query and key projections, as vLLM's rotary op
does with its query/key arguments."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, KV_HEADS, D = 6, 4, 2, 32
rng = np.random.default_rng(20)
positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))
query = tr.from_numpy(rng.standard_normal((SEQ, HEADS, D)).astype(np.float32))
key = tr.from_numpy(rng.standard_normal((SEQ, KV_HEADS, D)).astype(np.float32))


def apply_rotary(q: tr.Tensor, k: tr.Tensor, pos: tr.Tensor) -> None:
    tk.rope(q, q, pos).sync()  # expect: TC101
    tk.rope(k, k, pos).sync()


apply_rotary(query, key, positions)  # expect-also: TC101
print(query.to_numpy()[1, 0, :4])
