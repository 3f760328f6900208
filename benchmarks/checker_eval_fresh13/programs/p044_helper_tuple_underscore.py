"""The caller of a (out, pending) helper discards the Pending with `_` in a warm-up."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def stage(x: tr.Tensor, a: float) -> tuple[tr.Tensor, tr.Pending]:
    out = tr.zeros(x.shape[0])
    return out, K.scale(tiles(out), x, a).submit()  # expect: TC108


x = tr.arange(128)
warm, _ = stage(x, 1.0)  # expect-also
del _
real, done = stage(x, 2.0)
done.wait()
print(real.to_numpy()[1])
