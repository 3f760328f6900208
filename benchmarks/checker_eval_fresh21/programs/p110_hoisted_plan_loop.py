"""The output plan hoisted out of the head loop "to save work": the second head finds it spent."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.ones(32))
h = tr.zeros((32,))
gains = [0.5, 2.0, 3.0]
plan = H.tiles(h)
for head, gain in enumerate(gains):
    K.scale(plan, x, gain).sync()  # expect: TC109
    print("head", head, "done")
