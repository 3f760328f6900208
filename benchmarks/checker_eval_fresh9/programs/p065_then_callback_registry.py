"""A post-processing step picked from a registry and chained with .then."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

x = tr.from_numpy(np.arange(8, dtype=np.float32) - 4)
h = tr.zeros((8,))
POST: dict[str, Callable[..., tr.Op[Any]]] = {
    "double": lambda hp, *_: k.scale_(hp, 2.0),
    "halve": lambda hp, *_: k.scale_(hp, 0.5),
}
chain = k.relu(tiles(h), x).then(POST["double"]).then(POST["halve"])
chain.sync()
np.testing.assert_allclose(h.to_numpy(), np.maximum(np.arange(8) - 4, 0))
print("ok")
