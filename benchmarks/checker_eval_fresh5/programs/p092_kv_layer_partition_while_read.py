# %%
from llmdeck.kernels import copy, scale

import tilert as tr

kv = tr.ones((2, 64))
snapshot = tr.zeros((2, 64))

# %% copy the whole cache out, asynchronously
backup = copy(snapshot.partition((1, 64)), kv).submit()

# %% start writing layer 1 for the next token
scale(kv[1].partition((16,)), tr.arange(64), 2.0).sync()  # expect: TC103

# %%
backup.wait()
