"""Per-head ops zipped into one launch; the last head's op is synced again to be sure."""

from llmweave.kernels import scale

import tilert as tr

x = tr.ones((64,))
heads = [tr.zeros((64,)) for _ in range(3)]
ops = [scale(h.partition((16,)), x, float(i)) for i, h in enumerate(heads)]
tr.zip(*ops).sync()
ops[-1].sync()  # expect: TC110
