"""Build a list of ops for the step, then run them all."""

import numpy as np
from llmforge import add, scale

import tilert as tr


def main() -> None:
    a = tr.from_numpy(np.arange(256, dtype=np.float32))
    b = tr.ones((256,))
    outs = [tr.empty((256,)) for _ in range(3)]
    ops = [
        add(outs[0].partition((64,)), a, b),
        scale(outs[1].partition((64,)), a, 0.5),
        scale(outs[2].partition((64,)), b, 3.0),
    ]
    for op in ops:
        op.sync()
    print([float(o.to_numpy()[-1]) for o in outs])


main()
