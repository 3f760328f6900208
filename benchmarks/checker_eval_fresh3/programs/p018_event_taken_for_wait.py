"""Waiting on an event recorded after the launch completes the work, but only the Pending's
wait releases the output: the read is still refused."""

from llmhost.kernels import copy

import tilert as tr

x = tr.arange(64)
staged = tr.zeros((64,))
s = tr.Stream()

with s:
    pend = copy(staged.partition((16,)), x).submit()
    done_evt = s.record()

done_evt.synchronize()
print(staged.to_numpy()[:4])  # expect: TC102
pend.wait()
