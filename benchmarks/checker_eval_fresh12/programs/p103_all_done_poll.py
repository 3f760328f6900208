"""Polling `all(p.done() ...)` until the batch finished, then waiting each and reading."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((128,))
outs = [tr.zeros((128,)) for _ in range(3)]
pends = [K.scale(tiles(o), x, float(i + 1)).submit() for i, o in enumerate(outs)]
polls = 0
while not all(p.done() for p in pends):
    polls += 1
for p in pends:
    p.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [1.0, 2.0, 3.0]
