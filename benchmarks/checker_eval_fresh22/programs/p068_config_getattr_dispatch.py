"""Post-processing ops named in a config file, dispatched with getattr on the kernel module."""

import json

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

CONFIG = json.loads('{"steps": [["relu", "x"], ["scale_", 0.5], ["fill", 1.0]]}')

x = upload(np.linspace(-1, 1, 64))
out = tr.zeros((64,), name="post")
for name, arg in CONFIG["steps"][:2]:
    kernel = getattr(K, name)
    if arg == "x":
        kernel(tiles(out), x).sync()
    else:
        kernel(out, arg).sync()  # expect: TC106
print(out.to_numpy()[-2:])
