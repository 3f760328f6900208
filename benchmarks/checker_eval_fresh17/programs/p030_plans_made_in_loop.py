"""Init plans made one per parameter inside the loop; a check reads another parameter meanwhile."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

params = {"wq": tr.zeros((64,)), "wk": tr.zeros((64,)), "wv": tr.zeros((64,))}
values = {"wq": 0.1, "wk": 0.2, "wv": 0.3}

for name, t in params.items():
    K.fill(tiles(t), values[name]).sync()
    if name == "wq":
        print("wv before init:", params["wv"].to_numpy()[:2])
assert np.allclose(params["wv"].to_numpy(), 0.3)
