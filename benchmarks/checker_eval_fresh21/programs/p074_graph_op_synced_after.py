"""An op recorded in a graph is synced again after close, as an eager check of the replay."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x, out = H.upload(np.arange(32)), tr.zeros((32,))
step = K.scale(H.tiles(out), x, 0.5)
with tr.graph() as g:
    g.record(step)
g.launch().wait()
g.close()
replayed = out.to_numpy().copy()
step.sync()  # expect: TC110
