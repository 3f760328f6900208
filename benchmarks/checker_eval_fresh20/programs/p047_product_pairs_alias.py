"""All (dst, src) pairs of two buffers from itertools.product, the diagonal pair included."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

bias = upload(np.ones(16))
bufs = [tr.zeros((16,)), tr.ones((16,))]
for dst, src in itertools.product(bufs, repeat=2):
    K.add(tiles(dst), src, bias).sync()  # expect: TC101
