"""Capture one graph per batch size (as serving engines do), replay, then release."""

import numpy as np
from llmquay import add, scale

import tilert as tr

D = 128
BATCH_SIZES = (1, 2, 4)


def capture(x: tr.Tensor, tmp: tr.Tensor, out: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        g.record(scale(tmp.partition((1, D)), x, 2.0))
        g.record(add(out.partition((1, D)), tmp, x))
    return g


for bs in BATCH_SIZES:
    x = tr.from_numpy(np.full((bs, D), bs, dtype=np.float32))
    tmp = tr.empty((bs, D))
    out = tr.empty((bs, D))
    g = capture(x, tmp, out)
    for _ in range(3):
        g.launch().wait()
    g.close()
    assert (out.to_numpy() == 3 * bs).all()
    print(f"bs={bs}: {len(g)} kernels, out[0,0]={out.to_numpy()[0, 0]}")
