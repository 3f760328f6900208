"""A data loader hands the kernel its numpy host batch as the output of a copy."""

import numpy as np
from llmweave.kernels import copy

import tilert as tr

host_batch = np.zeros(64, np.float32)
device_batch = tr.ones((64,))
copy(host_batch, device_batch).sync()  # expect: TC106
print(host_batch[:2])
