"""A retry helper re-runs the attempt when the check fails; the attempt syncs one op built
outside."""

from collections.abc import Callable

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr


def retry(attempt: Callable[[], None], times: int = 2) -> None:
    for i in range(times):
        try:
            attempt()
            return
        except FloatingPointError:
            print(f"attempt {i} failed, retrying")
    raise RuntimeError("gave up")


logits = tr.empty((64,), name="logits")
src = tr.from_numpy(np.full(64, np.inf, np.float32))
op = K.scale(tiles(logits), src, 1.0)


def attempt() -> None:
    op.sync()  # expect: TC110
    if not np.isfinite(logits.to_numpy()).all():
        raise FloatingPointError("non-finite logits")


retry(attempt)  # expect-also
