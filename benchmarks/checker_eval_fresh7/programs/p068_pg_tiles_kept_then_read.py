"""The package's tiles() helper hands out partitions; a scheduler takes one per slot up front
in a dict, and a health check reads a slot whose partition is still in the dict."""

import llmroute.paging as pg
import numpy as np
from llmroute import kernels as K

import tilert as tr

slots = [tr.zeros((32,), name=f"slot{i}") for i in range(3)]
reserved = {i: pg.tiles(s) for i, s in enumerate(slots)}
K.fill(reserved.pop(0), 1.0).sync()
healthy = all(np.isfinite(s.to_numpy()).all() for s in slots)  # expect: TC104
print(healthy)
