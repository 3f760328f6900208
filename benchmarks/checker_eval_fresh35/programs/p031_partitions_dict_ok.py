import numpy as np
from tilekit import add, mul

import tilert as tr

n = 1024
a = tr.from_numpy(np.random.default_rng(4).random(n, dtype=np.float32))
b = tr.from_numpy(np.random.default_rng(5).random(n, dtype=np.float32))
buffers = {"sum": tr.zeros((n,)), "prod": tr.zeros((n,))}

print("sum buffer before:", buffers["sum"].to_numpy()[:2])
tiles = {name: buf.partition((256,)) for name, buf in buffers.items()}
add(tiles["sum"], a, b).sync()
mul(tiles["prod"], a, b).sync()
print("sum buffer after:", buffers["sum"].to_numpy()[:2])
