"""A graph builder loads the prompt into its input buffer inside the capture."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def build(prompt: np.ndarray, x: tr.Tensor, out: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        x.copy_from(prompt)  # expect: TC111
        g.record(K.scale(H.tiles(out), x, 2.0))
    return g


x, out = tr.zeros((32,)), tr.zeros((32,))
g = build(np.arange(32, dtype=np.float32), x, out)  # expect-also
g.launch().wait()
g.close()
