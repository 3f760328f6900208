"""A Pending waited by a helper and again by the caller (a second wait is harmless)."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def ensure(p: tr.Pending) -> tr.Pending:
    p.wait()
    return p


x = tr.full((64,), 2.0)
y = tr.zeros((64,))
pend = K.scale(tiles(y), x, 2.0).submit()
ensure(pend).wait()
assert float(y.to_numpy()[0]) == 4.0
