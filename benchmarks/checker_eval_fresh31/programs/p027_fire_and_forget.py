"""Launch a batch of independent scalings, wait for them, then read."""

import numpy as np
from llmforge import scale

import tilert as tr

BATCH = 4


def main() -> None:
    x = tr.from_numpy(np.ones(512, dtype=np.float32))
    outs = [tr.empty((512,)) for _ in range(BATCH)]
    for i in range(BATCH):
        pend = scale(outs[i].partition((128,)), x, float(i)).submit()  # expect: TC108
    pend.wait()
    print([float(o.to_numpy()[0]) for o in outs])


main()
