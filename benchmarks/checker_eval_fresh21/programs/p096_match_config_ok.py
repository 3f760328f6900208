"""The activation op is built inside the match arm that runs it."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32) - 16.0)
out = tr.zeros((32,))
for config in ({"act": "relu"}, {"act": "none"}):
    match config:
        case {"act": "relu"}:
            K.relu(H.tiles(out), x).sync()
        case _:
            K.copy(H.tiles(out), x).sync()
assert np.allclose(out.to_numpy(), np.arange(32) - 16.0)
