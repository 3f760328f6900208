"""Layers in a dict, each submitted reading the previous layer's unwaited output (stream order);
the Pendings waited in reverse."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

gains = {"l0": 2.0, "l1": 0.5, "l2": 3.0}
x = tr.ones((128,))
acts = {name: tr.zeros((128,), name=name) for name in gains}
pendings = {}
prev = x
for name, gain in gains.items():
    pendings[name] = K.scale(tiles(acts[name]), prev, gain).submit()
    prev = acts[name]
for name in reversed(list(pendings)):
    pendings[name].wait()
assert np.allclose(acts["l2"].to_numpy(), 3.0)
