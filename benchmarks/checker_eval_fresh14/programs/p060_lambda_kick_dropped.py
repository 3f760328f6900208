"""A warm-up lambda that submits and returns the Pending, called as a bare statement."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

cache = tr.zeros((32,), name="cache")
x = tr.from_numpy(np.arange(32, dtype=np.float32))
kick = lambda: K.scale(tiles(cache), x, 1.0).submit()  # noqa: E731  # expect: TC108
kick()  # expect-also
done = kick()
done.wait()
print(cache.to_numpy()[-1])
