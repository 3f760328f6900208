"""A loader thread submits the upload and parks the Pending; the main thread joins the thread
and takes the join for completion."""

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
norm = float(np.linalg.norm(weights.to_numpy()))  # expect: TC102
parked["weights"].wait()
print(norm)
