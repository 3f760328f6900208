"""Data pipeline step that normalises a batch only if validation passes (`and` short-circuit)."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


def valid(batch: np.ndarray) -> bool:
    return bool(np.isfinite(batch).all())


raw = np.array([1.0, np.nan, 3.0, 4.0] * 16, dtype=np.float32)
x = upload(np.nan_to_num(raw))
normed = tr.zeros((64,), name="normed")
normalise = K.scale(tiles(normed), x, 1.0 / 4.0)  # expect: TC105
ok = valid(raw) and normalise.sync()
print("normalised" if ok else "skipped bad batch")
