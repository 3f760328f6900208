"""Writes the same output tiles from two kernels, one after the other."""

import numpy as np
from llmforge import add, copy

import tilert as tr

N = 1024


def main() -> None:
    x = tr.from_numpy(np.arange(N, dtype=np.float32))
    y = tr.ones((N,))
    out = tr.empty((N,))
    out_tiles = out.partition((256,))
    print("tiles per launch:", out_tiles.num_tiles)
    copy(out_tiles, x).sync()
    print("copied, out[-1] =", float(out.to_numpy()[-1]))
    add(out.partition((256,)), x, y).sync()
    print("added, out[-1] =", float(out.to_numpy()[-1]))


main()
