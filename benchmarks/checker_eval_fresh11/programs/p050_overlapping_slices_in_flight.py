"""Two overlapping slices of one buffer written by ops in flight together."""

from llmkit import kernels as K

import tilert as tr

buf = tr.zeros((256,), name="buf")
x = tr.ones((128,))
left = K.scale(buf[0:128].partition((64,)), x, 1.0).submit()
right = K.scale(buf[64:192].partition((64,)), x, 2.0).submit()  # expect: TC102
left.wait()
right.wait()
