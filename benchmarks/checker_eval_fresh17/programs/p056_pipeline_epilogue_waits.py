"""Software pipeline: submit step i, wait step i-1; the epilogue waits the last step."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

N = 4
outs = [tr.empty((32,), name=f"o{i}") for i in range(N)]
x = tr.ones((32,))


def build(i: int) -> tr.Op:
    return K.scale(tiles(outs[i]), x, float(i))


prev = None
for i in range(N):
    cur = build(i).submit()
    if prev is not None:
        prev.wait()
    prev = cur
assert prev is not None
prev.wait()
assert [float(o.to_numpy()[0]) for o in outs] == [0.0, 1.0, 2.0, 3.0]
