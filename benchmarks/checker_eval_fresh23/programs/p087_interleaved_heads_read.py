import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

# a [2, 128] buffer: row 0 is the current head, row 1 the previous one
heads = tr.from_numpy(np.arange(256, dtype=np.float32))
fresh = tr.from_numpy(np.ones(128, dtype=np.float32))
pending = scale(tiles(heads[:128]), fresh, 3.0).submit()
previous = heads.reshape(128, 2)[:, 1].to_numpy()  # expect: TC102
pending.wait()
print(previous[:4])
