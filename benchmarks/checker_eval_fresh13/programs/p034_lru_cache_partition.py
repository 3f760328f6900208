"""The partition memoised with lru_cache per buffer id; the second launch gets a consumed one."""

from functools import lru_cache

from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
bufs = [tr.zeros(128), tr.zeros(128)]


@lru_cache(maxsize=8)
def plan(i: int) -> tr.Partition:
    return bufs[i].partition((32,))


K.scale(plan(0), x, 2.0).sync()
K.scale(plan(1), x, 2.0).sync()
K.scale(plan(0), x, 3.0).sync()  # expect: TC109
