from trainkit import TILE, accumulate, copy

import tilert as tr


def residual_block(g: tr.Graph, h: tr.Tensor, delta: tr.Tensor, tmp: tr.Tensor) -> None:
    g.record(copy(tmp.partition((TILE,)), delta))
    g.record(accumulate(h.partition((TILE,)), tmp))


h = tr.zeros((2048,), name="h")
deltas = [tr.full((2048,), float(i)) for i in range(3)]
scratch = [tr.empty(h.shape) for _ in deltas]
with tr.graph() as g:
    for d, tmp in zip(deltas, scratch, strict=True):
        residual_block(g, h, d, tmp)
g.launch().wait()
g.close()
print(h.to_numpy()[0])
