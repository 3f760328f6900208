"""A calibration script: the normalisation op is built and run as the right operand of `and`
behind a finiteness check, so a failing check builds nothing."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128

raw = np.linspace(-1.0, 1.0, N)
raw[7] = np.nan
x = upload(raw, name="calib")
normed = tr.zeros(N, name="normed")
ok = bool(np.isfinite(raw).all()) and bool(K.scale(tiles(normed), x, 1.0 / N).sync())
print("calibrated" if ok else "skipped: non-finite input")
