"""A trainer whose `log` reads the weights while the step it just submitted still writes them."""

from dataclasses import dataclass, field

from llmweave.kernels import sgd

import tilert as tr


@dataclass
class Trainer:
    weight: tr.Tensor = field(default_factory=lambda: tr.ones((64,)))
    grad: tr.Tensor = field(default_factory=lambda: tr.ones((64,)))
    inflight: list[tr.Pending] = field(default_factory=list)

    def step(self) -> None:
        self.inflight.append(sgd(self.weight.partition((16,)), self.grad, 0.1).submit())

    def log(self, it: int) -> None:
        print(it, float(self.weight.to_numpy().mean()))  # expect: TC102

    def close(self) -> None:
        for p in self.inflight:
            p.wait()


t = Trainer()
t.step()
t.log(0)  # expect-also
t.close()
