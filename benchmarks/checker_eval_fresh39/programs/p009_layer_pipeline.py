"""Software pipeline over layers' output buffers: each layer's op is submitted, the previous
one waited on, so one op stays in flight. The last layer's Pending is never waited on."""

import numpy as np
from servekit import scale_into

import tilert as tr

LAYERS, DIM = 5, 48


def run_layers(x: tr.Tensor, outs: list[tr.Tensor]) -> None:
    prev = None
    src = x
    for out in outs:
        pend = scale_into(out.partition((16,)), src, 1.1).submit()  # expect: TC108
        if prev is not None:
            prev.wait()
        prev = pend
        src = out


x = tr.from_numpy(np.linspace(0, 1, DIM, dtype=np.float32))
outs = [tr.zeros((DIM,), name=f"layer{i}") for i in range(LAYERS)]
run_layers(x, outs)  # expect-also: TC108
print("layers", len(outs))
