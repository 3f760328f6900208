"""Decode attention captured in a CUDA graph, one graph serving every position: the graph
advances the device-side position tensor itself; the workspace is left for the kernel to
allocate."""

import numpy as np

import tilert as tr
import tilert.kernels as tk
from tilert import Mutable, Tensor, i32


@tr.kernel
def advance(pos: Mutable[Tensor[i32]]) -> None:
    pos.store(pos.load() + 1)


HEADS, KV_HEADS, MAX_SEQ, D = 8, 2, 64, 32
rng = np.random.default_rng(12)
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, MAX_SEQ, D)).astype(np.float32))
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
out = tr.empty((HEADS, D), name="attn_out")
position = tr.from_numpy(np.array([0], dtype=np.int32))

with tr.graph() as g:
    g.record(tk.decode_attention_at(out, q, k_cache, v_cache, position))  # expect: TC111
    g.record(advance(position.partition((1,))))

for _ in range(4):
    g.launch().wait()
g.close()
print(out.to_numpy()[0, :4])
