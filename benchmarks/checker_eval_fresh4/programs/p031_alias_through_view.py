import numpy as np
from llmrun.kernels import copy

import tilert as tr

kv = tr.zeros((2, 8, 16))
kv[0].copy_from(np.ones((8, 16), dtype=np.float32))
flat = kv.reshape(-1)
# shift layer 0 into layer 1 ... but through a view that covers both
copy(kv[1].partition((4, 16)), flat.reshape(16, 16)).sync()  # expect: TC101
print(kv[1].to_numpy().sum())
