import numpy as np
from llmhost.kernels import scale

import tilert as tr

hidden = tr.from_numpy(np.arange(64, dtype=np.float32))
out = tr.zeros((64,))

# set up the launch arguments first ...
out_tiles = out.partition((16,))
# ... and log the initial state
print("before:", out.to_numpy()[:4])  # expect: TC104
scale(out_tiles, hidden, 2.0).sync()
print("after:", out.to_numpy()[:4])
