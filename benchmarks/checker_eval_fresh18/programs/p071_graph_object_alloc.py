"""A ``tr.Graph()`` made up front and entered later with ``with g:``; a helper allocates the
step's scratch inside it."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def step(g: tr.Graph, x: tr.Tensor[tr.f32]) -> tr.Tensor[tr.f32]:
    scratch = tr.empty(x.shape)  # expect: TC111
    g.record(K.relu(tiles(scratch), x))
    return scratch


x = vec(np.arange(-8, 56))
g = tr.Graph()
with g:
    out = step(g, x)  # expect-also
g.launch().wait()
g.close()
