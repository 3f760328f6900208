"""Gradient accumulation where the micro-batch adds are submitted back to back."""

from llmweave.kernels import accumulate, fill

import tilert as tr


class Accumulator:
    def __init__(self, n: int) -> None:
        self.grad = tr.zeros((n,))
        self.pending: list[tr.Pending] = []

    def reset(self) -> None:
        fill(self.grad.partition((16,)), 0.0).sync()

    def add(self, g: tr.Tensor) -> None:
        self.pending.append(accumulate(self.grad.partition((16,)), g).submit())  # expect: TC102

    def flush(self) -> tr.Tensor:
        for p in self.pending:
            p.wait()
        self.pending.clear()
        return self.grad


acc = Accumulator(64)
acc.reset()
for i in range(3):
    acc.add(tr.full((64,), float(i)))  # expect-also
print(acc.flush().to_numpy()[:4])
