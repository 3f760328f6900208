from __future__ import annotations

import numpy as np
from llmrun.kernels import add, scale

import tilert as tr

x = tr.ones((64,))
h = tr.zeros((64,))
norms: list[float] = []


def log_and_scale(hp: tr.Partition, *_: object) -> tr.Op:
    norms.append(float(np.linalg.norm(h.to_numpy())))  # expect: TC102
    return scale(hp, 0.5)


add(h.partition((16,)), x, x).then(log_and_scale).sync()  # expect-also
print(norms)
