"""Warming up activation kernels registered under their names and aliases."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x = upload(np.linspace(-1, 1, 256))
bufs = {"relu": tr.zeros((256,), name="relu_out"), "copy": tr.zeros((256,), name="copy_out")}
registry: dict[str, tr.Op] = {}
registry["relu"] = K.relu(tiles(bufs["relu"]), x)
registry["identity"] = K.copy(tiles(bufs["copy"]), x)
registry["rectifier"] = registry["relu"]  # alias for old configs

for name, op in registry.items():
    op.sync()  # expect: TC110
    print("warmed", name)
