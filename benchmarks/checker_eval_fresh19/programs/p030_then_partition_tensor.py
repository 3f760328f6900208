"""A `.then` callback reaches the tensor behind the moved partition and passes it as the input of
the launch that writes through that partition."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

x = upload(np.arange(64))
h = tr.zeros(64)
chain = K.scale(tiles(h), x, 2.0).then(lambda hp, *_: K.accum(hp, hp.tensor))  # expect: TC101
chain.sync()
print(h.to_numpy()[:3])
