"""A scaling job whose output plan is made once at setup; a preview prints the buffer."""

import numpy as np
from llmpress.kernels import scale

import tilert as tr


class PersistentScale:
    def __init__(self, n: int) -> None:
        self.out = tr.zeros((n,), name="out")
        self.plan = self.out.partition((256,))

    def preview(self) -> str:
        return np.array2string(self.out.to_numpy()[:4])  # expect: TC104

    def run(self, x: tr.Tensor) -> None:
        scale(self.plan, x, 2.0).sync()


job = PersistentScale(4096)
print("before:", job.preview())  # expect-also
job.run(tr.from_numpy(np.ones(4096, dtype=np.float32)))
