"""Warm-up launches, memoized per size so each size is warmed once."""

import functools

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import fill

import tilert as tr

SCRATCH = {n: tr.empty((n,)) for n in (256, 1024)}


@functools.cache
def warmup(n: int) -> tr.Op:
    return fill(tiles(SCRATCH[n]), 0.0)


def serve(n: int) -> None:
    warmup(n).sync()  # expect: TC110
    print("served", n, float(np.abs(SCRATCH[n].to_numpy()).max()))


for size in (256, 1024, 256):
    serve(size)
