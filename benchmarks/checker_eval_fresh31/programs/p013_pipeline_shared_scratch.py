"""A two-stage software pipeline over chunks: stage 1 scales a chunk into scratch, stage 2
adds the bias into the chunk's output; one op stays in flight across iterations."""

import numpy as np
from llmforge import add, scale

import tilert as tr

CHUNKS = 5
N = 2048


def main() -> None:
    bias = tr.full((N,), 1.0)
    inputs = [tr.from_numpy(np.full(N, c, dtype=np.float32)) for c in range(CHUNKS)]
    outputs = [tr.empty((N,), name=f"out{c}") for c in range(CHUNKS)]
    scratch = [tr.empty((N,), name=f"scratch{i}") for i in range(2)]
    prev = None
    for c in range(CHUNKS):
        tmp = scratch[c % 2]  # the op of chunk c - 2 that read it was waited last iteration
        scale(tmp.partition((512,)), inputs[c], 0.5).sync()
        pend = add(outputs[c].partition((512,)), tmp, bias).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    prev.wait()
    print([float(o.to_numpy()[0]) for o in outputs])


main()
