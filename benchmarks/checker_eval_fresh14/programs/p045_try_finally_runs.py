"""The update op made inside `try` is synced in `finally:`, so it runs whatever the check says."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


def validate(lr: float) -> None:
    if not 0 < lr < 1:
        raise ValueError(f"bad learning rate {lr}")


weights = tr.ones((32,), name="w")
grad = tr.from_numpy(np.full(32, 0.5, np.float32))
lr = 0.5
try:
    update = K.axpy(tiles(weights), grad, -lr)
    validate(lr)
except ValueError as err:
    print("checked:", err)
finally:
    update.sync()
np.testing.assert_allclose(weights.to_numpy(), 0.75)
