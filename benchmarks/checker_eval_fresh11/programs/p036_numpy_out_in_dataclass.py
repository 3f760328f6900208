"""A dataclass keeps a numpy staging array and passes it as the kernel's output."""

from dataclasses import dataclass, field

import numpy as np
from llmkit import kernels as K

import tilert as tr


@dataclass
class Staging:
    n: int
    host: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.host = np.zeros(self.n, np.float32)

    def pull(self, src: tr.Tensor) -> np.ndarray:
        K.copy(self.host, src).sync()  # expect: TC106
        return self.host


stage = Staging(128)
print(stage.pull(tr.arange(128))[:3])  # expect-also
