"""Software pipeline: submit step i, wait step i-1; the epilogue submits the last op a second
time."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

N = 4
outs = [tr.empty((32,), name=f"o{i}") for i in range(N)]
x = tr.ones((32,))


def build(i: int) -> tr.Op:
    return K.scale(tiles(outs[i]), x, float(i))


op = build(0)
prev = None
for i in range(1, N + 1):
    cur = op.submit()
    if prev is not None:
        prev.wait()
    prev = cur
    if i < N:
        op = build(i)
assert prev is not None
prev.wait()
op.submit().wait()  # expect: TC110
print(outs[-1].to_numpy()[0])
