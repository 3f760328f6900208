"""An update step with its output tiles bound by functools.partial, applied per micro-batch."""

from __future__ import annotations

import functools

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

weights = tr.ones((8,))
update = functools.partial(k.axpy, tiles(weights))
for grad in (tr.full((8,), 0.1), tr.full((8,), 0.2)):
    update(grad, -1.0).sync()  # expect: TC109
print(weights.to_numpy())
