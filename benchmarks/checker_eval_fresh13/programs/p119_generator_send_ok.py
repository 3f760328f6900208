"""A generator-based decode loop driven with send(): each yielded buffer is settled first."""

from collections.abc import Generator

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def decoder(x: tr.Tensor) -> Generator[tr.Tensor, float, None]:
    scale = 1.0
    while True:
        out = tr.zeros(x.shape[0])
        K.scale(tiles(out), x, scale).submit().wait()
        scale = yield out


gen = decoder(tr.arange(128))
first = next(gen)
seen = [float(first.to_numpy()[2])]
for s in (2.0, 3.0):
    seen.append(float(gen.send(s).to_numpy()[2]))
gen.close()
assert seen == [2.0, 4.0, 6.0]
