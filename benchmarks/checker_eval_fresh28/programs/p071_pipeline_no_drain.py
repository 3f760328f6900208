"""Pipelined layer loop that forgets to drain the last launch."""

import numpy as np
from llmdelta import add

import tilert as tr


def run_layers(x, biases, acts):
    prev = None
    src = x
    for bias, dst in zip(biases, acts, strict=True):
        pend = add(dst.partition((128,)), src, bias).submit()  # expect: TC108
        if prev is not None:
            prev.wait()
        prev = pend
        src = dst


D = 512
x = tr.from_numpy(np.zeros(D, dtype=np.float32))
biases = [tr.full((D,), 0.1 * (i + 1)) for i in range(4)]
acts = [tr.zeros((D,)) for _ in range(4)]
run_layers(x, biases, acts)  # expect-also: TC108
