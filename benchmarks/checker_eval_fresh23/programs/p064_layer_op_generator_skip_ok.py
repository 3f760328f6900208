from collections.abc import Iterator

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu, scale

import tilert as tr


def layer_ops(h: tr.Tensor, bufs: list[tr.Tensor], skip: set[str]) -> Iterator[tr.Op]:
    for i, buf in enumerate(bufs):
        kind = "act" if i % 2 else "proj"
        if kind in skip:
            continue
        yield relu(tiles(buf), h) if kind == "act" else scale(tiles(buf), h, 2.0)


h = tr.from_numpy(np.linspace(-1, 1, 256, dtype=np.float32))
bufs = [tr.empty((256,)) for _ in range(3)]
for op in layer_ops(h, bufs, skip={"act"}):
    op.sync()
assert float(bufs[0].to_numpy()[-1]) == 2.0 and float(bufs[2].to_numpy()[0]) == -2.0
