"""A model wrapper whose forward builds its ops and a temporary; the capture calls forward, so
the temporary is allocated inside the graph."""

from servekit import add, relu

import tilert as tr

DIM = 64


class MLPBlock:
    def __init__(self) -> None:
        self.bias = tr.full((DIM,), 0.5, name="bias")
        self.out = tr.zeros((DIM,), name="mlp_out")

    def forward(self, x: tr.Tensor, g: tr.Graph) -> None:
        act = tr.empty((DIM,), name="act")  # expect: TC111
        g.record(relu(act.partition((32,)), x))
        g.record(add(self.out.partition((32,)), act, self.bias))


block = MLPBlock()
x = tr.full((DIM,), -1.0)
with tr.graph() as g:
    block.forward(x, g)  # expect-also: TC111
g.launch().wait()
g.close()
print(block.out.to_numpy()[:2])
