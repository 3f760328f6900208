"""Rotary embeddings for a prompt, built by a helper that returns the op."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HEAD_DIM = 16, 4, 32


def rope_op(q: tr.Tensor, positions: tr.Tensor) -> tuple[tr.Tensor, tr.Op]:
    out = tr.empty(q.shape)
    return out, tk.rope(out, q, positions, theta=10000.0)  # expect: TC105


q = tr.from_numpy(np.ones((SEQ, HEADS, HEAD_DIM), dtype=np.float32))
pos = tr.from_numpy(np.arange(SEQ, dtype=np.int32))
q_rot, op = rope_op(q, pos)  # expect-also: TC105
print(q_rot.shape)
