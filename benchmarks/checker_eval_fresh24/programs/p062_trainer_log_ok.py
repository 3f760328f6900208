"""A Trainer class that logs the running loss every few steps."""

import numpy as np
from llmbasin import axpy, mul

import tilert as tr

N = 2048


class Trainer:
    def __init__(self, n: int, lr: float) -> None:
        rng = np.random.default_rng(17)
        self.lr = lr
        self.params = tr.from_numpy(rng.standard_normal(n).astype(np.float32))
        self.sq = tr.empty((n,), name="sq")
        self.step_count = 0

    def step(self, grad: tr.Tensor) -> tr.Pending:
        axpy(self.params.partition((512,)), grad, -self.lr).sync()
        self.step_count += 1
        return mul(self.sq.partition((512,)), self.params, self.params).submit()

    def log(self) -> None:
        print(self.step_count, float(self.sq.to_numpy().sum()))


def main() -> None:
    trainer = Trainer(N, lr=0.01)
    grad = tr.from_numpy(np.full(N, 0.1, dtype=np.float32))
    for i in range(6):
        pending = trainer.step(grad)
        pending.wait()
        if i % 3 == 2:
            trainer.log()


if __name__ == "__main__":
    main()
