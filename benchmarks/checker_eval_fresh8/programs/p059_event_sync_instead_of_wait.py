"""A copy on a side stream, followed by an event; the host synchronizes the event and reads,
without waiting the copy's Pending."""

from llmweave.kernels import copy

import tilert as tr

side = tr.Stream()
src, dst = tr.ones((64,)), tr.zeros((64,))
with side:
    pending = copy(dst.partition((16,)), src).submit()
    done = side.record()
done.synchronize()
print(dst.to_numpy()[:4])  # expect: TC102
pending.wait()
