"""Layer norm over a batch; the output is checked before the partition is made."""

import numpy as np
from llmquill import copy

import tilert as tr

ROWS, COLS = 16, 128
x = tr.from_numpy(np.random.default_rng(2).standard_normal((ROWS, COLS)).astype(np.float32))
out = tr.zeros((ROWS, COLS))
print("before:", float(out.to_numpy().sum()))
out_tiles = out.partition((4, COLS))
copy(out_tiles, x).sync()
print("after:", float(out.to_numpy().sum()))
