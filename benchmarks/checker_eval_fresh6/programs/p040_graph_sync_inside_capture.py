# %% capture a layer loop into a graph; the first layer's norm is "checked" by syncing it
import numpy as np
from llmforge import kernels as k

import tilert as tr

D, LAYERS = 64, 3
acts = [tr.zeros((D,)) for _ in range(LAYERS + 1)]
acts[0].copy_from(np.ones(D, np.float32))

# %%
with tr.graph() as g:
    for i in range(LAYERS):
        op = k.scale(acts[i + 1].partition((16,)), acts[i], 0.5)
        if i == 0:
            op.sync()  # expect: TC111
        else:
            g.record(op)

# %%
g.launch().wait()
g.close()
print(acts[-1].to_numpy()[0])
