from collections.abc import Callable

from llmhost.kernels import add, relu

import tilert as tr


def forward(x: tr.Tensor, h: tr.Tensor, out: tr.Tensor, run: Callable[[tr.Op], object]) -> None:
    run(relu(h.partition((16,)), x))
    run(add(out.partition((16,)), h, x))


x, h, out = tr.ones((64,)), tr.zeros((64,)), tr.zeros((64,))
with tr.graph() as g:
    forward(x, h, out, lambda op: op.sync())  # expect: TC111
g.launch().wait()
g.close()
