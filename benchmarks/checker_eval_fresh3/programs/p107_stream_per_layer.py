import numpy as np
from llmhost.kernels import add, scale

import tilert as tr

x = tr.ones((64,))
streams = [tr.Stream() for _ in range(3)]
outs = [tr.zeros((64,)) for _ in range(3)]
pends = []
prev = x
for s, o in zip(streams, outs, strict=True):
    with s:
        pends.append(add(o.partition((16,)), prev, x).submit())
    prev = o
for p in pends:
    p.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [2.0, 3.0, 4.0]
extra = tr.zeros((64,))
scale(extra.partition((16,)), outs[-1], 0.5).sync()
assert np.allclose(extra.to_numpy(), 2.0)
print("streams ok")
