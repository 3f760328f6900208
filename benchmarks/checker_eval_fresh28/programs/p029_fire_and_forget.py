"""Serving loop: a zeroing launch is submitted to clear the scratch buffer and never waited."""

import numpy as np
from llmdelta import add, scale

import tilert as tr

D = 512
scratch = tr.zeros((D,), name="scratch")
zeros = tr.zeros((D,))
outputs = []


def serve(req):
    x = tr.from_numpy(req)
    out = tr.zeros((D,))
    add(out.partition((128,)), x, x).sync()
    outputs.append(out.to_numpy().sum())
    scale(scratch.partition((128,)), zeros, 0.0).submit()  # expect: TC108


for i in range(3):
    serve(np.full(D, i, dtype=np.float32))  # expect-also: TC108
print(outputs)
