"""A launch description dataclass keeps its output tensor and plans it when it runs."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


@dataclass
class ScaleLaunch:
    out: tr.Tensor
    x: tr.Tensor
    a: float

    def run(self) -> None:
        K.scale(tiles(self.out), self.x, self.a).sync()


job = ScaleLaunch(tr.zeros(64), upload(np.ones(64)), 0.5)
job.run()
job.run()
np.testing.assert_allclose(job.out.to_numpy(), 0.5)
print("ok")
