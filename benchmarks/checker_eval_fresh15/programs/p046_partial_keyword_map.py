"""functools.partial binding a keyword scale, mapped over fresh plans and zipped."""

from functools import partial

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

halve = partial(K.scale, a=0.5)
xs = [vec(np.full(32, float(i))) for i in range(3)]
outs = [tr.zeros((32,)) for _ in xs]
tr.zip(*map(lambda o, x: halve(tiles(o), x), outs, xs)).sync()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 0.5, 1.0]
