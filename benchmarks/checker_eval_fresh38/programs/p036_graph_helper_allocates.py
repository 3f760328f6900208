from trainkit import TILE, accumulate, copy

import tilert as tr


def residual_block(g: tr.Graph, h: tr.Tensor, delta: tr.Tensor) -> None:
    tmp = tr.empty(h.shape)  # expect: TC111
    g.record(copy(tmp.partition((TILE,)), delta))
    g.record(accumulate(h.partition((TILE,)), tmp))


h = tr.zeros((2048,), name="h")
deltas = [tr.full((2048,), float(i)) for i in range(3)]
with tr.graph() as g:
    for d in deltas:
        residual_block(g, h, d)  # expect-also: TC111
g.launch().wait()
g.close()
print(h.to_numpy()[0])
