"""Copies started through the package's helper, waited with its wait_all."""

from __future__ import annotations

import numpy as np
from llmcraft import host

import tilert as tr

layers = [tr.zeros((8,)) for _ in range(3)]
src = [tr.full((8,), float(i)) for i in range(3)]
pendings = [host.copy_async(dst, s) for dst, s in zip(layers, src, strict=True)]
host.wait_all(pendings)
np.testing.assert_allclose([host.readback(t)[0] for t in layers], [0, 1, 2])
print("ok")
