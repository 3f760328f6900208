"""Notebook: the decode step is waited in the launch cell; the inspect cell reads afterwards."""

# %% setup
import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

hidden = tr.from_numpy(np.linspace(0, 1, 128, dtype=np.float32))
logits = tr.empty((128,), name="logits")

# %% launch
step = K.scale(tiles(logits, 32), hidden, 4.0).submit()
step.wait()

# %% inspect
top = int(np.argmax(logits))
assert top == 127
print("top token", top)
