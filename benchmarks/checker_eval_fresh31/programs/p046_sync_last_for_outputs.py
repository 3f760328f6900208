"""Run a list of ops, then ask the last one for its outputs."""

import numpy as np
from llmforge import gelu, scale

import tilert as tr


def main() -> None:
    x = tr.from_numpy(np.linspace(-2, 2, 512, dtype=np.float32))
    h = tr.empty((512,))
    y = tr.empty((512,))
    ops = [gelu(h.partition((128,)), x).then(lambda *_: scale(y.partition((128,)), h, 0.5))]
    for op in ops:
        op.sync()
    out_tiles, src, factor = ops[-1].sync()  # expect: TC110
    print(out_tiles.tile_shape, src.shape, factor, float(y.to_numpy()[0]))


main()
