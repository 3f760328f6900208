"""MoE top-1 routing with match, each expert writing its own buffer; combine accumulates."""

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

h = tr.arange(128)
mixed = tr.zeros(128)
outs = {"dense": tr.zeros(128), "sparse": tr.zeros(128)}
for _token, route in enumerate(["dense", "sparse", "dense"]):
    match route:
        case "dense":
            K.scale(tiles(outs["dense"]), h, 1.0).sync()
            K.accum(tiles(mixed), outs["dense"]).sync()
        case "sparse":
            K.scale(tiles(outs["sparse"]), h, 0.5).sync()
            K.accum(tiles(mixed), outs["sparse"]).sync()
assert np.array_equal(mixed.to_numpy(), 2.5 * np.arange(128, dtype=np.float32))
