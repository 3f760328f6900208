"""Named stages built into a dict; the runner executes those listed in the config."""

from llmreef import copy, relu, scale

import tilert as tr

D = 256
x = tr.arange(D)
bufs = {k: tr.empty((D,), name=k) for k in ("act", "scaled", "backup")}

stages = {
    "act": relu(bufs["act"].partition((64,)), x),
    "scaled": scale(bufs["scaled"].partition((64,)), x, 0.1),
    "backup": copy(bufs["backup"].partition((64,)), x),  # expect: TC105
}
enabled = ["act", "scaled"]
for name in enabled:
    stages.pop(name).sync()
stages.clear()
print({k: float(v.to_numpy()[-1]) for k, v in bufs.items() if k in enabled})
