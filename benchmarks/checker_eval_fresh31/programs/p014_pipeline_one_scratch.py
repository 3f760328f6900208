"""A two-stage pipeline that reuses one scratch buffer for every chunk."""

import numpy as np
from llmforge import add, scale

import tilert as tr

CHUNKS = 4
N = 2048


def main() -> None:
    bias = tr.full((N,), 1.0)
    inputs = [tr.from_numpy(np.full(N, c, dtype=np.float32)) for c in range(CHUNKS)]
    outputs = [tr.empty((N,)) for _ in range(CHUNKS)]
    tmp = tr.empty((N,), name="scratch")
    prev = None
    for c in range(CHUNKS):
        scale(tmp.partition((512,)), inputs[c], 0.5).sync()  # expect: TC103
        if prev is not None:
            prev.wait()
        prev = add(outputs[c].partition((512,)), tmp, bias).submit()
    prev.wait()
    print([float(o.to_numpy()[0]) for o in outputs])


main()
