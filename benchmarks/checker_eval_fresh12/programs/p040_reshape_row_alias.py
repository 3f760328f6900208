"""The first row of a reshaped view written while the same memory, sliced flat, is read."""

from llmserve import kernels as K

import tilert as tr

x = tr.arange(128, name="x")
bias = tr.ones((64,))
rows = x.reshape(2, 64)
K.add(rows[0].partition((64,)), x[:64], bias).sync()  # expect: TC101
print(x.to_numpy()[:3])
