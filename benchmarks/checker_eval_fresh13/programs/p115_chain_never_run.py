"""A scale-then-bias chain built in a helper; the caller forgets to run what it returns."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def scaled_biased(z: tr.Tensor, x: tr.Tensor, b: tr.Tensor) -> tr.Op:
    return K.scale(tiles(z), x, 2.0).then(lambda zp, *_: K.accum(zp, b))  # expect: TC105


z = tr.zeros(128)
scaled_biased(z, tr.arange(128), tr.ones(128))  # expect-also
print(z.shape)
