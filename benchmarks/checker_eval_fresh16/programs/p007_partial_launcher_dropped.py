"""A launcher bound with functools.partial submits; one result is logged, its Pending dropped."""

import functools

from llmquill.host import tiles, vec
from llmquill.kernels import add

import tilert as tr


def launch(out: tr.Tensor, x: tr.Tensor, y: tr.Tensor):
    return add(tiles(out), x, y).submit()  # expect: TC108


x, y = vec(32, 1.0), vec(32, 2.0)
outs = [vec(32) for _ in range(3)]
go = functools.partial(launch, x=x, y=y)
keep = [go(outs[0]), go(outs[1])]
go(outs[2])  # expect-also
for p in keep:
    p.wait()
print(outs[0].to_numpy()[0], outs[1].to_numpy()[0])
