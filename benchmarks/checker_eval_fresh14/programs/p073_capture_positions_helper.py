"""A capture cell calls a helper that builds the rope positions with `tr.from_numpy`."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


def positions(start: int, n: int) -> tr.Tensor:
    return tr.from_numpy(np.arange(start, start + n, dtype=np.int32))  # expect: TC111


q = tr.ones((4, 2, 8))
q_rot = tr.zeros((4, 2, 8))
with tr.graph() as g:
    g.record(tk.rope(q_rot, q, positions(0, 4)))  # expect-also
g.launch().wait()
g.close()
