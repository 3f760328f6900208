"""A copy stream prefetches the next layer's weights; the compute side synchronizes on an
event recorded after the copy, then reads the weights on the host (the event does not release
the Pending's borrow)."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

copy_stream = tr.Stream()
staging = tr.full((64,), 0.25)
weights = tr.zeros((64,), name="w_next")
pending = k.copy(weights.partition((16,)), staging).submit(copy_stream)
ready = copy_stream.record()
ready.synchronize()
print("w_next[0] =", weights.to_numpy()[0])  # expect: TC102
pending.wait()
