"""A tiny generation engine: step() launches the work and keeps its Pending on self."""

import numpy as np

import tilert as tr
import tilert.kernels as tk


class Engine:
    def __init__(self, dim: int, vocab: int) -> None:
        rng = np.random.default_rng(0)
        self.w_out = tr.from_numpy(rng.standard_normal((dim, vocab)).astype(np.float32))
        self.hidden = tr.from_numpy(rng.standard_normal((1, dim)).astype(np.float32))
        self.logits = tr.empty((1, vocab), name="logits")
        self.pending: tr.Pending | None = None

    def step(self) -> None:
        self.pending = tk.gemm(self.logits, self.hidden, self.w_out).submit()

    def sync(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None

    def next_token(self) -> int:
        return int(self.logits.to_numpy().argmax())  # expect: TC102


def main() -> None:
    engine = Engine(64, 256)
    tokens = []
    for _ in range(3):
        engine.step()
        tokens.append(engine.next_token())  # expect-also: TC102
        engine.sync()
    print("tokens:", tokens)


main()
