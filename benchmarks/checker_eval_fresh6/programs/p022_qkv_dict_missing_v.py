# %% notebook: q, k and v projections kept in a dict by name; the run loop names only q and k
import numpy as np
from llmforge import kernels as kern

import tilert as tr

D = 64
rng = np.random.default_rng(3)
h = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
outs = {name: tr.zeros((D,), name=name) for name in ("q", "k", "v")}

# %%
projections = {
    "q": kern.scale(outs["q"].partition((16,)), h, 0.5),
    "k": kern.scale(outs["k"].partition((16,)), h, 0.25),
    "v": kern.scale(outs["v"].partition((16,)), h, 0.125),  # expect: TC105
}
for name in ("q", "k"):
    projections.pop(name).sync()

# %%
print({name: float(t.to_numpy().sum()) for name, t in outs.items() if name != "v"})
projections.clear()
