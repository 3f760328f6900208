"""A `.then` hook that logs the chain's output before scaling it in place."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(256)
z = tr.zeros((256,), name="z")
log: list[float] = []


def halve_and_log(zp: tr.Partition, *_: object) -> tr.Op:
    log.append(float(z.to_numpy().max()))  # expect: TC102
    return K.scale_(zp, 0.5)


K.scale(tiles(z), x, 4.0).then(halve_and_log).sync()  # expect-also
print(log)
