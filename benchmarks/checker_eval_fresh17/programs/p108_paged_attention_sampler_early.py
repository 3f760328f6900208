"""An output projection submitted by a layer object; the head picker reads its output before
the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

H, D = 4, 16
rng = np.random.default_rng(4)


class OutputProjection:
    def __init__(self) -> None:
        self.w = tr.from_numpy(rng.standard_normal((D, D)).astype(np.float32))
        self.out = tr.empty((H, D), name="attn_out")
        self.pending: tr.Pending | None = None

    def launch(self, attn: tr.Tensor) -> None:
        self.pending = tk.linear(self.out, attn, self.w).submit()

    def top_head(self) -> int:
        return int(np.abs(self.out.to_numpy()).sum(axis=1).argmax())  # expect: TC102


layer = OutputProjection()
layer.launch(tr.from_numpy(rng.standard_normal((H, D)).astype(np.float32)))
head = layer.top_head()  # expect-also
assert layer.pending is not None
layer.pending.wait()
print(head)
