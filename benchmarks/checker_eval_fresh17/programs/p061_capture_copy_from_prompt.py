"""A decode step captured once; the step helper loads the prompt with `copy_from` inside the
capture."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
tokens = tr.empty((D,), name="tokens")
hidden = tr.empty((D,), name="hidden")


def step(g: tr.Graph, prompt: np.ndarray) -> None:
    tokens.copy_from(prompt)  # expect: TC111
    g.record(K.scale(tiles(hidden), tokens, 0.5))


with tr.graph() as g:
    step(g, np.ones(D, np.float32))  # expect-also
g.launch().wait()
g.close()
