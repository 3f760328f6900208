"""A prefetch helper returns its Pending; the warm-up loop calls it as a statement."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def prefetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return K.copy(tiles(dst), src).submit()  # expect: TC108


weights = [upload(np.full(32, float(i))) for i in range(2)]
staging = [tr.zeros((32,)) for _ in range(2)]
keep = prefetch(staging[0], weights[0])
prefetch(staging[1], weights[1])  # expect-also
keep.wait()
print(staging[0].to_numpy()[0])
