"""The q projection is synced for a debug print, then zipped with k and v as planned."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
q, k, v = (tr.zeros((32,)) for _ in range(3))
q_op = K.scale(H.tiles(q), x, 0.1)
k_op = K.scale(H.tiles(k), x, 0.2)
v_op = K.scale(H.tiles(v), x, 0.3)
q_op.sync()
print("q ready", q.to_numpy()[:2])
tr.zip(q_op, k_op, v_op).sync()  # expect: TC110
