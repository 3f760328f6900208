"""Someone's first tilert program: scaling activations with a kernel from the team's package,
the output passed as a partition into tiles of 32."""

import numpy as np
from servekit import scale_into

import tilert as tr

acts = tr.from_numpy(np.arange(128, dtype=np.float32))
scaled = tr.empty((128,))
scale_into(scaled.partition((32,)), acts, 0.125).sync()
print(scaled.to_numpy()[:5])
