"""A tiny MLP block object: owns its activations and launches in forward()."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class MLPBlock:
    def __init__(self, d_model: int, d_ff: int, tokens: int) -> None:
        rng = np.random.default_rng(0)
        self.w_up = tr.from_numpy(rng.standard_normal((d_model, 2 * d_ff)).astype(np.float32))
        self.w_down = tr.from_numpy(rng.standard_normal((d_ff, d_model)).astype(np.float32))
        self.gate_up = tr.empty((tokens, 2 * d_ff))
        self.act = tr.empty((tokens, d_ff))
        self.out = tr.empty((tokens, d_model))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        tk.gemm(self.gate_up, x, self.w_up).sync()
        tk.silu_and_mul(self.act, self.gate_up).sync()
        return tk.gemm(self.out, self.act, self.w_down).submit()


def main() -> None:
    block = MLPBlock(64, 128, 16)
    x = tr.from_numpy(np.ones((16, 64), dtype=np.float32))
    pending = block.forward(x)
    print("out norm", float(np.linalg.norm(block.out.to_numpy())))  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
