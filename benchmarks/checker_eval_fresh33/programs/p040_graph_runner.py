"""A small CUDA-graph runner: capture the MLP block once, replay it per decode step."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class GraphRunner:
    def __init__(self, d: int, hidden: int) -> None:
        rng = np.random.default_rng(40)
        self.x = tr.from_numpy(rng.standard_normal((1, d)).astype(np.float32))
        self.norm_w = tr.ones((d,))
        self.w_up = tr.from_numpy((rng.standard_normal((d, 2 * hidden)) / 8).astype(np.float32))
        self.normed = tr.empty((1, d))
        self.gate_up = tr.empty((1, 2 * hidden))
        self.act = tr.empty((1, hidden))
        self._warmup()
        with tr.graph() as self.graph:
            self.graph.record(tk.rmsnorm(self.normed, self.x, self.norm_w))
            self.graph.record(tk.gemm(self.gate_up, self.normed, self.w_up))
            tk.silu_and_mul(self.act, self.gate_up)  # expect: TC105

    def _warmup(self) -> None:
        tk.rmsnorm(self.normed, self.x, self.norm_w).sync()
        tk.gemm(self.gate_up, self.normed, self.w_up).sync()
        tk.silu_and_mul(self.act, self.gate_up).sync()

    def step(self) -> None:
        self.graph.launch().wait()

    def close(self) -> np.ndarray:
        self.graph.close()
        return self.act.to_numpy()


runner = GraphRunner(64, 128)  # expect-also: TC105
for _ in range(3):
    runner.step()
print(runner.close()[0, :4])
