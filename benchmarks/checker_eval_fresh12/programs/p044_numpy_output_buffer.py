"""A host staging array passed straight as a kernel's output."""

import numpy as np
from llmserve import kernels as K

import tilert as tr

staging = np.zeros(256, np.float32)
src = tr.full((256,), 7.0)
K.copy(staging, src).sync()  # expect: TC106
print(staging[:4])
