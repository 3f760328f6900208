"""An inference engine warms every batch bucket up before serving."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D = 64


class Engine:
    def __init__(self, buckets: tuple[int, ...]) -> None:
        rng = np.random.default_rng(0)
        self.weight = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
        self.inputs = {b: tr.zeros((b, D)) for b in buckets}
        self.outputs = {b: tr.empty((b, D)) for b in buckets}

    def warmup(self) -> None:
        for bucket, x in self.inputs.items():
            tk.gemm(self.outputs[bucket], x, self.weight).submit()  # expect: TC108

    def serve(self, bucket: int) -> np.ndarray:
        tk.gemm(self.outputs[bucket], self.inputs[bucket], self.weight).sync()
        return self.outputs[bucket].to_numpy()


engine = Engine((1, 2, 4))
engine.warmup()  # expect-also: TC108
print(engine.serve(2).shape)
