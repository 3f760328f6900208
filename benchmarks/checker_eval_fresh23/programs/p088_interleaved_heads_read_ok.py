import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

# a [2, 128] buffer: row 0 is the current head, row 1 the previous one
heads = tr.from_numpy(np.arange(256, dtype=np.float32))
fresh = tr.from_numpy(np.ones(128, dtype=np.float32))
pending = scale(tiles(heads[:128]), fresh, 3.0).submit()
previous = heads.reshape(2, 128)[1].to_numpy()
pending.wait()
np.testing.assert_array_equal(previous, np.arange(128, 256, dtype=np.float32))
assert float(heads.to_numpy()[0]) == 3.0
