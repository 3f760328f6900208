"""Notebook: the inspect cell runs before the cell that waits the decode step."""

# %% setup
import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

hidden = tr.from_numpy(np.linspace(0, 1, 128, dtype=np.float32))
logits = tr.empty((128,), name="logits")

# %% launch
step = K.scale(tiles(logits, 32), hidden, 4.0).submit()

# %% inspect
top = int(np.argmax(logits))  # expect: TC102
print("top token", top)

# %% wait
step.wait()
