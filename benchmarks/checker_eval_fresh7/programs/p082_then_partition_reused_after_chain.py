"""The residual update runs as a chain (scale, then accumulate, the partition handed along);
afterwards the author adds the bias through the same partition object."""

from llmroute import kernels as K

import tilert as tr

h = tr.zeros((64,), name="h")
x, bias = tr.arange(64), tr.ones((64,))
hp = h.partition((16,))
K.scale(hp, x, 0.5).then(lambda p, *_: K.acc(p, x)).sync()
K.acc(hp, bias).sync()  # expect: TC109
