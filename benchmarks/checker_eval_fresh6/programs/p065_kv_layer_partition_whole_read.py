# %% a KV cache whose layer 1 is partitioned for the next write; dumping the whole cache
import numpy as np
from llmforge import kernels as k

import tilert as tr

kv = tr.from_numpy(np.zeros((3, 32), np.float32))
x = tr.ones((32,))
k.copy(kv[0].partition((16,)), x).sync()
next_write = kv[1].partition((16,))

# %%
print(kv.to_numpy().sum())  # expect: TC104

# %%
k.copy(next_write, x).sync()
