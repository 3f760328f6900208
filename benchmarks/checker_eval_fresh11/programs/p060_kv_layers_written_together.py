"""Each layer's KV view written by its own op in flight together, waited, then decoded."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

LAYERS, HEADS, SEQ, D = 3, 2, 16, 32
rng = np.random.default_rng(4)
k_cache = tr.zeros((LAYERS, HEADS, SEQ, D), name="k")
v_cache = tr.zeros((LAYERS, HEADS, SEQ, D), name="v")
src = tr.from_numpy(rng.standard_normal((HEADS * SEQ, D)).astype(np.float32))
fills = []
for layer in range(LAYERS):
    for cache in (k_cache, v_cache):
        view = cache[layer].reshape(HEADS * SEQ, D)
        fills.append(tk.softmax(view, src).submit())
for f in fills:
    f.wait()
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
outs = [tr.empty((HEADS, D), dtype=tr.f32) for _ in range(LAYERS)]
for layer, out in enumerate(outs):
    tk.decode_attention(out, q, k_cache[layer], v_cache[layer], SEQ).sync()
assert all(np.isfinite(o.to_numpy()).all() for o in outs)
