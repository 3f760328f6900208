"""Streaming chunks through one input buffer: the next chunk is copied in before the launch
reading the current one was waited."""

import numpy as np
from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def stream(chunks: list[np.ndarray]) -> list[float]:
    inp = tr.zeros((128,), name="inp")
    out = tr.zeros((128,), name="out")
    sums = []
    inp.copy_from(chunks[0])
    for nxt in chunks[1:]:
        pend = K.scale(tiles(out), inp, 2.0).submit()
        inp.copy_from(nxt)  # expect: TC103
        pend.wait()
        sums.append(float(out.to_numpy().sum()))
    return sums


print(stream([np.full(128, i, np.float32) for i in range(3)]))
