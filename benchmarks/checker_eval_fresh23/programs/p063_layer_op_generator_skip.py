from collections.abc import Iterator

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu, scale

import tilert as tr


def layer_ops(h: tr.Tensor, bufs: list[tr.Tensor]) -> Iterator[tuple[str, tr.Op]]:
    for i, buf in enumerate(bufs):
        kind = "act" if i % 2 else "proj"
        if kind == "act":
            op = relu(tiles(buf), h)  # expect: TC105
        else:
            op = scale(tiles(buf), h, 2.0)
        yield kind, op


skip = {"act"}
h = tr.from_numpy(np.linspace(-1, 1, 256, dtype=np.float32))
bufs = [tr.empty((256,)) for _ in range(3)]
for kind, op in layer_ops(h, bufs):  # expect-also
    if kind in skip:
        continue
    op.sync()
print(float(bufs[0].to_numpy()[-1]))
