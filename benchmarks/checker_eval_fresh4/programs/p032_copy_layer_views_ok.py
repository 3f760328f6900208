import numpy as np
from llmrun.kernels import copy

import tilert as tr

kv = tr.zeros((2, 8, 16))
kv[0].copy_from(np.ones((8, 16), dtype=np.float32))
copy(kv[1].partition((4, 16)), kv[0]).sync()  # disjoint layers of one cache
assert kv.to_numpy().sum() == 2 * 8 * 16
