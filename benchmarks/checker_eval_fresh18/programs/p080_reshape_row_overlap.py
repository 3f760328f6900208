"""A flat buffer written through row 1 of its ``reshape(4, 32)`` view; the host reads
``buf[32:64]``, the same memory, while the write is in flight."""

from llmkiln import kernels as K

import tilert as tr

buf = tr.zeros((128,))
rows = buf.reshape(4, 32)
pending = K.fill(rows[1].partition((32,)), 1.0).submit()
segment = buf[32:64].to_numpy()  # expect: TC102
pending.wait()
print(segment.sum())
