"""The Q and K projections zipped into one op and run; a debugging line then syncs the K op
alone."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

h = vec(np.arange(64))
q, k = tr.empty((64,)), tr.empty((64,))
q_op = K.scale(tiles(q), h, 0.5)
k_op = K.scale(tiles(k), h, 0.25)
tr.zip(q_op, k_op).sync()
k_op.sync()  # expect: TC110
