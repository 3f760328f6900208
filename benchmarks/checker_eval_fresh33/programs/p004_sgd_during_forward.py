"""A toy model whose forward pass is submitted, with an SGD step on its weight."""

from servekit import TILE, mul, random_tensor, sgd_step

import tilert as tr


class TinyModel:
    def __init__(self, n: int) -> None:
        self.w = random_tensor(n, seed=1)
        self.grad = tr.full((n,), 0.01)
        self.act = tr.zeros((n,))

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return mul(self.act.partition((TILE,)), self.w, x).submit()

    def step(self, lr: float) -> None:
        sgd_step(self.w.partition((TILE,)), self.grad, lr).sync()  # expect: TC103


model = TinyModel(1024)
x = random_tensor(1024, seed=2)
for it in range(3):
    pend = model.forward(x)
    model.step(0.1)  # expect-also: TC103
    pend.wait()
    print(f"iter {it}: act[0] = {model.act.to_numpy()[0]:.4f}")
