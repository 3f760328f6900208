"""A mixture-of-experts router builds ops only for the routed experts, with `match` on the
routing decision."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

N = 128
x = tr.arange(N)
combined = tr.zeros((N,), name="combined")
gates = {"dense": 0.7, "sparse": 0.2, "copy": 0.1}
chosen = sorted(gates, key=gates.__getitem__, reverse=True)[:2]
for name in chosen:
    tmp = tr.zeros((N,))
    match name:
        case "dense":
            K.scale(tiles(tmp), x, gates[name]).sync()
        case "sparse":
            K.relu(tiles(tmp), x).then(lambda p, *_: K.scale_(p, gates["sparse"])).sync()
        case _:
            K.copy(tiles(tmp), x).sync()
    K.accum(tiles(combined), tmp).sync()
np.testing.assert_allclose(combined.to_numpy(), 0.9 * np.arange(N), rtol=1e-6)
