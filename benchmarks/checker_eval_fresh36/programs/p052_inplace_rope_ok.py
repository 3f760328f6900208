"""Rotary embedding applied to the query and key projections into separate buffers, which the
function returns."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, KV_HEADS, D = 6, 4, 2, 32
rng = np.random.default_rng(20)
positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))
query = tr.from_numpy(rng.standard_normal((SEQ, HEADS, D)).astype(np.float32))
key = tr.from_numpy(rng.standard_normal((SEQ, KV_HEADS, D)).astype(np.float32))


def apply_rotary(q: tr.Tensor, k: tr.Tensor, pos: tr.Tensor) -> tuple[tr.Tensor, tr.Tensor]:
    q_out, k_out = tr.empty(q.shape), tr.empty(k.shape)
    tk.rope(q_out, q, pos).sync()
    tk.rope(k_out, k, pos).sync()
    return q_out, k_out


q_rot, k_rot = apply_rotary(query, key, positions)
np.testing.assert_allclose(q_rot.to_numpy()[0], query.to_numpy()[0], rtol=1e-5)
print(q_rot.to_numpy()[1, 0, :4])
