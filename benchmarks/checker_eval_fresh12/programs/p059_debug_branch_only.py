"""A probe op built before an `if debug:` and run only in that branch."""

import os

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def forward(x: tr.Tensor, debug: bool) -> tr.Tensor:
    y = tr.zeros(x.shape)
    probe = tr.zeros(x.shape)
    K.relu(tiles(y), x).sync()
    check = K.copy(tiles(probe), y)  # expect: TC105
    if debug:
        check.sync()
        print("probe", probe.to_numpy()[:2])
    return y


print(forward(tr.full((128,), -1.0), debug=bool(os.environ.get("DEBUG_PROBE"))).to_numpy()[:2])
