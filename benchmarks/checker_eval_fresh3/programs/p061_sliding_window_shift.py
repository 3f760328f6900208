import numpy as np
from llmhost.kernels import copy

import tilert as tr

WINDOW = 64
buf = tr.from_numpy(np.arange(WINDOW, dtype=np.float32))
# drop the oldest 16 entries: move everything left by one tile
copy(buf[:-16].partition((16,)), buf[16:]).sync()  # expect: TC101
print(buf.to_numpy()[:4])
