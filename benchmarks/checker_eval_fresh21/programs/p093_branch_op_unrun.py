"""The sampling op is built before the mode switch; greedy decoding never runs it."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

logits = H.upload(np.linspace(-1, 1, 32))
probs = tr.zeros((32,))
mode = "greedy"
sample_op = K.relu(H.tiles(probs), logits)  # expect: TC105
if mode == "sample":
    sample_op.sync()
    token = int(np.random.default_rng(0).choice(32, p=probs.to_numpy() / probs.to_numpy().sum()))
elif mode == "greedy":
    token = int(logits.to_numpy().argmax())
print(token)
del sample_op
