"""A decode step that appends the new token's key to the cache: attention over the cache is
submitted first, and the append (a partition of the cache row) is launched before the wait."""

import numpy as np
from modelops import copy

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, MAX_SEQ, D = 4, 2, 32, 16
rng = np.random.default_rng(31)
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))


class DecodeStep:
    def __init__(self) -> None:
        self.q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
        self.out = tr.empty((HEADS, D), name="attn_out")
        self.k_new = tr.from_numpy(rng.standard_normal((KV_HEADS, 1, D)).astype(np.float32))

    def run(self, length: int) -> None:
        attn = tk.decode_attention(self.out, self.q, k_cache, v_cache, length).submit()
        row = k_cache[:, length : length + 1]
        copy(row.partition((1, 1, D)), self.k_new).sync()  # expect: TC103
        attn.wait()


step = DecodeStep()
step.run(8)  # expect-also: TC103
print(step.out.to_numpy()[0, :3])
