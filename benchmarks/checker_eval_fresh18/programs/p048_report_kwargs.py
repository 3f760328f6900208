"""Per-head buffers splatted into a reporting function with ``**``; one head's Pending is
still out when the report reads every buffer."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def report(**bufs: tr.Tensor[tr.f32]) -> dict[str, float]:
    return {name: float(buf.to_numpy().mean()) for name, buf in bufs.items()}  # expect: TC102


x = vec(np.arange(64))
outs = {name: tr.empty((64,)) for name in ("q", "k", "v")}
pends = {name: K.scale(tiles(buf), x, 0.5).submit() for name, buf in outs.items()}
pends["q"].wait()
pends["k"].wait()
print(report(**outs))  # expect-also
pends["v"].wait()
