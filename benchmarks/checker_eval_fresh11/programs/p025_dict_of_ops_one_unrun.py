"""A dict of observer ops built up front; the loop runs only the ones the config enables."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(256)
stats = {name: tr.zeros((256,), name=name) for name in ("relu", "double", "shifted")}
observers = {
    "relu": K.relu(tiles(stats["relu"]), x),
    "double": K.scale(tiles(stats["double"]), x, 2.0),
    "shifted": K.shift(tiles(stats["shifted"]), x, -1.0),  # expect: TC105
}
enabled = {"relu", "double"}
for name, op in observers.items():
    if name in enabled:
        op.sync()
observers.clear()
print({k: float(stats[k].to_numpy().sum()) for k in enabled})
