"""Launch a batch of independent scalings, wait for them, then read."""

import numpy as np
from llmforge import scale

import tilert as tr

BATCH = 4


def main() -> None:
    x = tr.from_numpy(np.ones(512, dtype=np.float32))
    outs = [tr.empty((512,)) for _ in range(BATCH)]
    pendings = []
    for i in range(BATCH):
        pendings.append(scale(outs[i].partition((128,)), x, float(i)).submit())
    for pend in pendings:
        pend.wait()
    print([float(o.to_numpy()[0]) for o in outs])


main()
