"""A training loop: an SGD optimizer updates a dict of parameters from a dict of grads."""

import tilert as tr
from llm.kernels import axpy, fill


class SGD:
    def __init__(self, params: dict[str, tr.Tensor], lr: float) -> None:
        self.params = params
        self.lr = lr

    def step(self, grads: dict[str, tr.Tensor]) -> None:
        pending = []
        for name, p in self.params.items():
            pending.append(axpy(p.partition((64,)), grads[name], -self.lr).submit())
        for pend in pending:
            pend.wait()


def main() -> None:
    params = {"w1": tr.ones((256,)), "w2": tr.ones((128,))}
    grads = {"w1": tr.zeros((256,)), "w2": tr.zeros((128,))}
    opt = SGD(params, 0.1)
    for epoch in range(3):
        for g in grads.values():
            fill(g.partition((64,)), float(epoch)).sync()
        opt.step(grads)
    print({k: float(v.to_numpy()[0]) for k, v in params.items()})


if __name__ == "__main__":
    main()
