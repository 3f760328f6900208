"""A decode step captured once with the library's position-on-device attention (workspace
made ahead), replayed, closed, then read."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

HEADS, KV_HEADS, SEQ, D = 4, 2, 32, 16
rng = np.random.default_rng(2)
q = tr.from_numpy(rng.standard_normal((HEADS, D)).astype(np.float32))
k_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, SEQ, D)).astype(np.float32))
v_cache = tr.from_numpy(rng.standard_normal((KV_HEADS, SEQ, D)).astype(np.float32))
position = tr.from_numpy(np.array([9], np.int32))
out = tr.empty((HEADS, D))
workspace = tk.decode_workspace_at(q, k_cache)


class Step:
    def __init__(self) -> None:
        with tr.graph() as g:
            g.record(
                tk.decode_attention_at(out, q, k_cache, v_cache, position, workspace=workspace)
            )
        self.graph = g

    def __call__(self) -> None:
        self.graph.launch().wait()

    def close(self) -> None:
        self.graph.close()


step = Step()
for _ in range(3):
    step()
step.close()
ref = tr.empty((HEADS, D))
tk.decode_attention(ref, q, k_cache, v_cache, 10).sync()
assert np.allclose(out.to_numpy(), ref.to_numpy(), atol=1e-5)
print(out.to_numpy()[0, :3])
