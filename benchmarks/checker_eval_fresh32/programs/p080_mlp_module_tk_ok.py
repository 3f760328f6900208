"""A decode-time MLP module on tilert.kernels: a fused RMSNorm + gate/up GEMV, then the down
projection with its residual, each submitted and waited in order."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D, FF = 128, 256


class DecodeMLP:
    def __init__(self, rng: np.random.Generator) -> None:
        self.norm_w = tr.from_numpy(np.ones(D, dtype=np.float32), name="norm_w")
        self.w_gate_up = tr.from_numpy(
            (rng.standard_normal((2, FF, D)) / np.sqrt(D)).astype(np.float32), name="w_gate_up"
        )
        self.w_down = tr.from_numpy(
            (rng.standard_normal((D, FF)) / np.sqrt(FF)).astype(np.float32), name="w_down"
        )
        self.act = tr.empty((FF,), name="act")

    def __call__(self, x: tr.Tensor, out: tr.Tensor) -> None:
        up = tk.gemv_rmsnorm_silu(self.act, self.w_gate_up, x, self.norm_w).submit()
        up.wait()
        down = tk.gemv_residual(out, self.w_down, self.act, x).submit()
        down.wait()


rng = np.random.default_rng(23)
mlp = DecodeMLP(rng)
x = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="x")
out = tr.empty((D,), name="out")
mlp(x, out)
print(out.to_numpy()[:4])
