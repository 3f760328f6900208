import numpy as np
from tilekit import mul

import tilert as tr

TILE = 64
gate = tr.from_numpy(np.linspace(0, 1, 1024, dtype=np.float32))
up = tr.from_numpy(np.linspace(1, 2, 1024, dtype=np.float32))
act = tr.empty((1024,))

# every argument tiled the same way, so the blocks line up
mul(act.partition((TILE,)), gate.partition((TILE,)), up).sync()  # expect: TC106
print(act.to_numpy()[-1])
