"""Helpers from the package imported as a module: two scaled copies submitted, only the second
waited before the host reads both."""

import llmweave.host as h

import tilert as tr

x = tr.ones((64,))
a, b = tr.zeros((64,)), tr.zeros((64,))
pa = h.scale_async(a, x, 2.0)
pb = h.scale_async(b, x, 3.0)
pb.wait()
print(a.to_numpy()[0] + b.to_numpy()[0])  # expect: TC102
pa.wait()
