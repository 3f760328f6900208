"""A .then callback that reads another request's buffer, submitted and not yet waited."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
a, b = tr.zeros(128), tr.zeros(128)
other = K.scale(tiles(b), x, 4.0).submit()


def after(zp: tr.Partition, _x: tr.Tensor, _a: float) -> tr.Op:
    print("b so far", b.to_numpy()[1])  # expect: TC102
    return K.accum(zp, x)


K.scale(tiles(a), x, 1.0).then(after).sync()  # expect-also
other.wait()
