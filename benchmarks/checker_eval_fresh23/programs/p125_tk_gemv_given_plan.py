import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr
import tilert.kernels as tk

N, K = 128, 64


class MLPHead:
    def __init__(self, w: np.ndarray) -> None:
        self.w = tr.from_numpy(w)
        self.pre = tr.empty((N,), name="pre")
        self.out = tr.empty((N,), name="out")

    def __call__(self, x: tr.Tensor) -> np.ndarray:
        tk.gemv(tiles(self.pre), self.w, x).sync()  # expect: TC106
        relu(tiles(self.out), self.pre).sync()
        return self.out.to_numpy()


rng = np.random.default_rng(4)
head = MLPHead(rng.standard_normal((N, K)).astype(np.float32))
print(head(tr.from_numpy(rng.standard_normal(K).astype(np.float32)))[:4])  # expect-also
