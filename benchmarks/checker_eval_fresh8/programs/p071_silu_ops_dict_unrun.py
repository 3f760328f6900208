"""An MLP keeps one SwiGLU op per layer in a dict; the forward runs the layers up to a cutoff."""

import tilert as tr
import tilert.kernels as tk


class MLP:
    def __init__(self, layers: int, rows: int, n: int) -> None:
        self.gate_up = [tr.ones((rows, 2 * n)) for _ in range(layers)]
        self.out = [tr.zeros((rows, n)) for _ in range(layers)]

    def plan(self) -> dict[int, tr.Op]:
        pairs = enumerate(zip(self.out, self.gate_up, strict=True))
        return {i: tk.silu_and_mul(o, g) for i, (o, g) in pairs}  # expect: TC105

    def forward(self, upto: int) -> None:
        ops = self.plan()  # expect-also
        for i in range(upto):
            ops[i].sync()


MLP(3, 4, 16).forward(2)
