"""Normalize then clamp a buffer in a chain, then reuse the same partition for a final pass."""

from llmcove import relu, scale

import tilert as tr

n = 2048
x = tr.arange(n)
out = tr.empty((n,))
out_tiles = out.partition((256,))

relu(out_tiles, x).then(lambda t, *_: scale(t, 1.0 / n)).sync()
scale(out_tiles, 2.0).sync()  # expect: TC109
print(out.to_numpy()[-2:])
