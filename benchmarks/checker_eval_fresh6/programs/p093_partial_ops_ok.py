# functools.partial binds the kernel's scalar; ops built by map and run one by one
from functools import partial

import numpy as np
from llmforge import kernels as k

import tilert as tr

halve = partial(k.scale, s=0.5)
xs = [tr.full((64,), float(2**i)) for i in range(4)]
ys = [tr.empty((64,)) for _ in xs]
for op in map(lambda pair: halve(pair[0].partition((16,)), pair[1]), zip(ys, xs, strict=True)):
    op.sync()
vals = [float(y.to_numpy()[0]) for y in ys]
assert vals == [0.5, 1.0, 2.0, 4.0], vals
print(vals, np.mean(vals))
