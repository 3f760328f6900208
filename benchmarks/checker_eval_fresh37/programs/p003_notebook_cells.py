# %% [setup]
import numpy as np
from hostkit import relu, scale

import tilert as tr

x = tr.from_numpy(np.linspace(-1, 1, 1024, dtype=np.float32))
h = tr.empty((1024,))
y = tr.empty((1024,))

# %% [forward]
relu(h.partition((128,)), x).sync()
scale(y.partition((128,)), h, 3.0)  # expect: TC105

# %% [inspect]
print(h.to_numpy().max())
