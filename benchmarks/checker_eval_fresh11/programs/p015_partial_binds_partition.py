"""functools.partial binds a partition; the second call reuses it."""

import functools

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

acc = tr.zeros((256,), name="acc")
bump = functools.partial(K.accum, tiles(acc))
bump(tr.ones((256,))).sync()
bump(tr.full((256,), 2.0)).sync()  # expect: TC109
print(acc.to_numpy()[:4])
