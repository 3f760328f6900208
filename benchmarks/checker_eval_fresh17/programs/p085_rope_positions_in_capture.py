"""Capturing a RoPE step: the positions are made with `tr.arange` inside the capture."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

SEQ, HEADS, HD = 8, 2, 16
q = tr.from_numpy(np.ones((SEQ, HEADS, HD), np.float32))
q_rot = tr.empty((SEQ, HEADS, HD))

with tr.graph() as g:
    positions = tr.arange(SEQ, dtype=tr.i32)  # expect: TC111
    g.record(tk.rope(q_rot, q, positions))
g.launch().wait()
g.close()
