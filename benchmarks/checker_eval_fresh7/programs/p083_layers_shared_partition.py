"""A stack of layers that all write the same residual stream; the author partitions it once
before the loop for speed."""

from llmroute import kernels as K

import tilert as tr

residual = tr.zeros((64,), name="residual")
layer_outs = [tr.full((64,), float(i), name=f"mlp{i}") for i in range(3)]
stream_tiles = residual.partition((16,))
for out in layer_outs:
    K.acc(stream_tiles, out).sync()  # expect: TC109
print(residual.to_numpy()[0])
