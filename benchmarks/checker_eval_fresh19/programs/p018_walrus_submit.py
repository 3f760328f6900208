"""A walrus keeps the Pending, but the branch reads the output before waiting it."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

hidden = upload(np.linspace(-2, 2, 128))
act = tr.zeros(128)
if (pending := K.relu(tiles(act), hidden).submit()) is not None:
    active = int((act.to_numpy() > 0).sum())  # expect: TC102
    pending.wait()
    print(active)
