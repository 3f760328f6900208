from __future__ import annotations

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

_cache: dict[int, np.ndarray] = {}


def heads(x: tr.Tensor, outs: list[tr.Tensor], key: int) -> np.ndarray:
    step = tr.zip(*(scale(tiles(o), x, 1.0 / (i + 1)) for i, o in enumerate(outs)))  # expect: TC105
    if key in _cache:
        return _cache[key]
    step.sync()
    _cache[key] = np.stack([o.to_numpy() for o in outs])
    return _cache[key]


x = tr.from_numpy(np.ones(128, dtype=np.float32))
outs = [tr.empty((128,)) for _ in range(2)]
heads(x, outs, key=1)
print(heads(x, outs, key=1).shape)  # expect-also
