"""A decode step builds its position tensor with ``tr.from_numpy`` each call; the step is then
captured into a graph."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(6)
q = tr.from_numpy(rng.standard_normal((1, 2, 16)).astype(np.float32))
q_rot = tr.empty((1, 2, 16))


def rope_step(g: tr.Graph, pos: int) -> None:
    positions = tr.from_numpy(np.array([pos], dtype=np.int32))  # expect: TC111
    g.record(tk.rope(q_rot, q, positions))


with tr.graph() as g:
    rope_step(g, 7)  # expect-also
g.launch().wait()
g.close()
