"""Capture a prompt's rotary embedding; the position table is uploaded inside the capture."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HEAD_DIM = 16, 2, 32
q = tr.from_numpy(np.ones((SEQ, HEADS, HEAD_DIM), dtype=np.float32))
q_rot = tr.empty((SEQ, HEADS, HEAD_DIM))

with tr.graph() as g:
    positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))  # expect: TC111
    g.record(tk.rope(q_rot, q, positions))
g.launch().wait()
g.close()
print(q_rot.to_numpy()[3, 0, :2])
