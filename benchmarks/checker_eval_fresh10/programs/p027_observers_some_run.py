"""A dict comprehension of observer ops, one per metric; only the enabled metrics run."""

from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import f32

acts = tr.arange(8, dtype=f32)
stats = {name: tr.zeros((8,), dtype=f32) for name in ("sq", "relu")}
observers = {
    "sq": k.sqr(tiles(stats["sq"]), acts),
    "relu": k.relu(tiles(stats["relu"]), acts),  # expect: TC105
}
enabled = ["sq"]
for name in enabled:
    observers[name].sync()
observers.clear()
print(stats["sq"].to_numpy())
