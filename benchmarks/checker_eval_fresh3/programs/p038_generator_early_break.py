from collections.abc import Iterator

from llmhost.kernels import bump

import tilert as tr


def layer_ops(h: tr.Tensor, n_layers: int) -> Iterator[tr.Op]:
    for layer in range(n_layers):
        yield bump(h.partition((16,)), float(layer))  # expect: TC105


h = tr.zeros((64,))
budget = 2
for i, op in enumerate(layer_ops(h, 4)):  # expect-also
    if i >= budget:
        break
    op.sync()
print("ran", budget, "layers")
