"""Two request groups each launched under `with tr.Stream():`, waited together at the end."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

groups = {"chat": [tr.ones((4,)) for _ in range(2)], "batch": [tr.ones((4,)) for _ in range(3)]}
outs = {name: [tr.zeros((4,)) for _ in xs] for name, xs in groups.items()}
pendings: dict[str, list[tr.Pending[Any]]] = {}
for name, xs in groups.items():
    with tr.Stream():
        pendings[name] = [
            k.scale(tiles(o), x, 2.0).submit() for o, x in zip(outs[name], xs, strict=True)
        ]
for plist in pendings.values():
    for p in plist:
        p.wait()
np.testing.assert_allclose(sum(float(o.to_numpy().sum()) for v in outs.values() for o in v), 40.0)
print("ok")
