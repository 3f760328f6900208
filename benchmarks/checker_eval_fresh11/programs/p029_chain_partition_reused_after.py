"""The partition handed along a `.then` chain is kept and used again after the chain ran."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(256)
z = tr.zeros((256,))
zp = tiles(z)
K.scale(zp, x, 2.0).then(lambda p, *_: K.scale_(p, 0.5)).sync()
K.fill(zp, 0.0).sync()  # expect: TC109
