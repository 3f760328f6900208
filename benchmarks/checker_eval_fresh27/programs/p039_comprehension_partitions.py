"""Zero-init and then bias-init a list of layer buffers; partitions built once in a list."""

from llmcove import add, scale

import tilert as tr

widths = [256, 512, 1024]
buffers = [tr.ones((w,)) for w in widths]
biases = [tr.full((w,), 0.1) for w in widths]
tiles = [buf.partition((128,)) for buf in buffers]

for t in tiles:
    scale(t, 0.0).sync()
for t, buf, bias in zip(tiles, buffers, biases, strict=True):
    add(t, buf, bias).sync()  # expect: TC109
print([float(b.to_numpy().sum()) for b in buffers])
