"""Per-thread scratch plans in a ``threading.local()``; the main thread's health check reads
the scratch buffer while its plan sits in the thread-local."""

import threading

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

local = threading.local()
scratch = tr.zeros((64,))


def prepare() -> None:
    local.plan = tiles(scratch)


def launch(x: tr.Tensor[tr.f32]) -> None:
    K.relu(local.plan, x).sync()
    del local.plan


prepare()
healthy = bool(np.isfinite(scratch.to_numpy()).all())  # expect: TC104
launch(vec(np.arange(-32, 32)))
print(healthy)
