"""A launch description dataclass keeps its output tensor and hands it to the kernel as is."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmfern import kernels as K
from llmfern.host import upload

import tilert as tr


@dataclass
class ScaleLaunch:
    out: tr.Tensor
    x: tr.Tensor
    a: float

    def run(self) -> None:
        K.scale(self.out, self.x, self.a).sync()  # expect: TC106


job = ScaleLaunch(tr.zeros(64), upload(np.ones(64)), 0.5)
job.run()  # expect-also
