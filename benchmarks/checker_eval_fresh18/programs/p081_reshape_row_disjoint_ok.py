"""A flat buffer written through row 1 of its ``reshape(4, 32)`` view while the host reads
``buf[64:96]`` (row 2, disjoint memory)."""

from llmkiln import kernels as K

import tilert as tr

buf = tr.zeros((128,))
rows = buf.reshape(4, 32)
pending = K.fill(rows[1].partition((32,)), 1.0).submit()
segment = buf[64:96].to_numpy()
pending.wait()
assert segment.sum() == 0.0
assert buf.to_numpy()[32:64].sum() == 32.0
