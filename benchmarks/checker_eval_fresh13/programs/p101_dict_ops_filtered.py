"""Init ops kept in a dict by parameter name; the run loop skips the bias by name."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

params = {"weight": tr.zeros(128), "bias": tr.zeros(128)}
inits = {name: K.fill(tiles(t), 0.02) for name, t in params.items()}  # expect: TC105
for name, op in inits.items():
    if name != "bias":
        op.sync()
print(params["weight"].to_numpy()[0])
