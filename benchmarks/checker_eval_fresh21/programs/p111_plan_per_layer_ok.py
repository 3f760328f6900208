"""Layer loop with the plan made per layer, ping-ponging between two buffers."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

bufs = [H.upload(np.ones(32)), tr.zeros((32,))]
for layer, gain in enumerate([0.5, 2.0, 3.0]):
    src, dst = bufs[layer % 2], bufs[(layer + 1) % 2]
    K.scale(H.tiles(dst), src, gain).sync()
assert np.allclose(bufs[1].to_numpy(), 3.0)
