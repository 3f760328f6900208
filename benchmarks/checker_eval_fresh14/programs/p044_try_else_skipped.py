"""An update op made inside `try`, synced in the `else:` clause; the validation raises, the
handler logs, and the op is never run."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def validate(lr: float) -> None:
    if not 0 < lr < 1:
        raise ValueError(f"bad learning rate {lr}")


weights = tr.ones((32,), name="w")
grad = tr.from_numpy(np.full(32, 0.5, np.float32))
lr = 1.5
try:
    update = K.axpy(tiles(weights), grad, -lr)  # expect: TC105
    validate(lr)
except ValueError as err:
    print("skipped:", err)
else:
    update.sync()
