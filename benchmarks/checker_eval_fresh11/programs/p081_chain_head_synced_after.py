"""The head of a `.then` chain is synced again after the whole chain ran."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
z = tr.zeros((128,))
head = K.scale(tiles(z), x, 2.0)
chain = head.then(lambda zp, *_: K.scale_(zp, 0.5))
chain.sync()
head.sync()  # expect: TC110
