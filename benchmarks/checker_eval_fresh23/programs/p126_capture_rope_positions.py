"""Capture a rotary-embedding step for a fixed prompt length."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 8, 2, 64
rng = np.random.default_rng(9)
q = tr.from_numpy(rng.standard_normal((SEQ, HEADS, HD)).astype(np.float32))
q_rot = tr.empty((SEQ, HEADS, HD))


def rope_step(g: tr.Graph) -> None:
    positions = tr.arange(SEQ, dtype=tr.i32)  # expect: TC111
    g.record(tk.rope(q_rot, q, positions))


with tr.graph() as g:
    rope_step(g)  # expect-also
g.launch().wait()
g.close()
