import os

import numpy as np
from tilekit import add, scale

import tilert as tr

VERBOSE = os.environ.get("VERBOSE_STATS") == "1"


def forward(x, bias):
    out = tr.empty(x.shape)
    stats = tr.empty(x.shape)
    add(out.partition((128,)), x, bias).sync()
    debug = scale(stats.partition((128,)), out, 1.0 / x.shape[0])  # expect: TC105
    if VERBOSE:
        debug.sync()
        print("mean", stats.to_numpy().sum())
    return out


x = tr.from_numpy(np.arange(512, dtype=np.float32))
print(forward(x, tr.ones((512,))).to_numpy()[:3])  # expect-also: TC105
