"""A helper builds a warm-up op; the caller runs it only when verbose, which it is not."""

from llmquill.host import tiles, vec
from llmquill.kernels import fill

import tilert as tr


def make_warmup(buf: tr.Tensor) -> tr.Op:
    return fill(tiles(buf), 0.0)  # expect: TC105


VERBOSE = False
scratch = vec(32, 7.0)
warm = make_warmup(scratch)  # expect-also
if VERBOSE:
    warm.sync()
print("ready")
