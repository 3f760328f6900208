"""A `.then` callback returning an op the caller prebuilt outside the chain, then the same op
synced again by the caller."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

a = tr.zeros((16,), name="a")
b = tr.zeros((16,), name="b")
x = tr.ones((16,))
follow = K.fill(tiles(b), 3.0)
K.add(tiles(a), x, x).then(lambda *_: follow).sync()
follow.sync()  # expect: TC110
print(b.to_numpy()[0])
