"""Norm ops built for every kind, the one to run picked by a match on the config mapping; a
config without a norm key runs none."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32) - 16.0)
out = tr.zeros((32,))
relu_op = K.relu(H.tiles(out), x)  # expect: TC105
config: dict[str, str] = {"act": "none"}
match config:
    case {"act": "relu"}:
        relu_op.sync()
    case {"act": "identity"}:
        print("identity")
    case _:
        print("no activation")
del relu_op
