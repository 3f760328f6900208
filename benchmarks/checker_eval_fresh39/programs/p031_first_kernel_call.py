"""Someone's first tilert program: scaling activations with a kernel from the team's package,
passing the output tensor as it would be passed to a torch function."""

import numpy as np
from servekit import scale_into

import tilert as tr

acts = tr.from_numpy(np.arange(128, dtype=np.float32))
scaled = tr.empty((128,))
scale_into(scaled, acts, 0.125).sync()  # expect: TC106
print(scaled.to_numpy()[:5])
