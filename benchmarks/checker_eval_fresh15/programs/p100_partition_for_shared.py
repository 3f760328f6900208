"""A copy kernel given the source's plan instead of the source tensor."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

src = vec(np.arange(32))
dst = tr.zeros((32,))
K.copy(tiles(dst), tiles(src)).sync()  # expect: TC106
print(dst.to_numpy()[:2])
