import numpy as np
from llmhost.kernels import axpy
from llmhost.ops import tiles

import tilert as tr

acc = tr.zeros((64,))
acc_tiles = tiles(acc)
acc.copy_from(np.ones(64, dtype=np.float32))  # expect: TC104
axpy(acc_tiles, tr.ones((64,)), 1.0).sync()
