"""A loader thread submits the upload and parks the Pending; the main thread waits it after the
join."""

from __future__ import annotations

import threading

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

weights = tr.zeros(256)
parked: dict[str, tr.Pending] = {}


def loader(src: tr.Tensor) -> None:
    parked["weights"] = K.copy(tiles(weights), src).submit()


src = upload(np.linspace(0, 1, 256))
worker = threading.Thread(target=loader, args=(src,))
worker.start()
worker.join()
parked.pop("weights").wait()
norm = float(np.linalg.norm(weights.to_numpy()))
np.testing.assert_allclose(norm, np.linalg.norm(np.linspace(0, 1, 256)), rtol=1e-5)
print("ok")
