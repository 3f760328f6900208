"""A KV prefetcher whose `reset()` clears its state, Pending included, between requests."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


class KVPrefetch:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,), name="kv prefetch")
        self.pending: tr.Pending | None = None

    def start(self, src: tr.Tensor) -> None:
        self.pending = K.copy(tiles(self.buf), src).submit()  # expect: TC108

    def finish(self) -> np.ndarray:
        assert self.pending is not None
        self.pending.wait()
        self.pending = None
        return self.buf.to_numpy()

    def reset(self) -> None:
        self.pending = None


pre = KVPrefetch(16)
pre.start(tr.ones((16,)))
pre.reset()  # expect-also
pre.start(tr.zeros((16,)))
print(pre.finish()[:2])
