"""A model wrapper that allocates its temporaries in __init__; forward only builds ops, so it
can be called inside a capture."""

from servekit import add, relu

import tilert as tr

DIM = 64


class MLPBlock:
    def __init__(self) -> None:
        self.bias = tr.full((DIM,), 0.5, name="bias")
        self.act = tr.empty((DIM,), name="act")
        self.out = tr.zeros((DIM,), name="mlp_out")

    def forward(self, x: tr.Tensor, g: tr.Graph) -> None:
        g.record(relu(self.act.partition((32,)), x))
        g.record(add(self.out.partition((32,)), self.act, self.bias))


block = MLPBlock()
x = tr.full((DIM,), -1.0)
with tr.graph() as g:
    block.forward(x, g)
for _ in range(2):
    g.launch().wait()
g.close()
print(block.out.to_numpy()[:2])
