"""A flat cache viewed per layer; the next layer is prefilled while the previous still writes."""

from __future__ import annotations

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

LAYERS, WIDTH = 3, 8
flat = tr.zeros((LAYERS * WIDTH,), name="flat")
per_layer = flat.reshape(LAYERS, -1)
token = tr.ones((WIDTH,))
first = k.fill(tiles(flat[: WIDTH + 1]), 1.0).submit()
second = k.copy(tiles(per_layer[1]), token).submit()  # expect: TC102
first.wait()
second.wait()
print(per_layer.to_numpy())
