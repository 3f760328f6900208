"""A generator that submits one prefill per request, consumed with islice: the rest never start."""

from itertools import islice

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

prompt = vec(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(4)]


def prefills():
    for i, out in enumerate(outs):
        yield out, K.scale(tiles(out), prompt, float(i)).submit()


for out, p in islice(prefills(), 2):
    p.wait()
    print(float(out.to_numpy()[1]))
assert np.allclose(outs[3].to_numpy(), 0.0)
