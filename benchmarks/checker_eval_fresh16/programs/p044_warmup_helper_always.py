"""A helper builds a warm-up op; the caller always runs it, logging only when verbose."""

from llmquill.host import tiles, vec
from llmquill.kernels import fill

import tilert as tr


def make_warmup(buf: tr.Tensor) -> tr.Op:
    return fill(tiles(buf), 0.0)


VERBOSE = False
scratch = vec(32, 7.0)
warm = make_warmup(scratch)
warm.sync()
if VERBOSE:
    print("warmed", scratch.to_numpy()[:4])
assert scratch.to_numpy().sum() == 0.0
