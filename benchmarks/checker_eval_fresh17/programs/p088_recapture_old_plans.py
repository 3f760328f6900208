"""The step graph is captured again after close(), reusing the plans made for the first capture."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
bufs = [tr.empty((D,), name=f"b{i}") for i in range(2)]
plans = [tiles(b) for b in bufs]


def capture() -> tr.Graph:
    with tr.graph() as g:
        for i, plan in enumerate(plans):
            g.record(K.scale(plan, x, float(i + 1)))  # expect: TC109
    return g


first = capture()
first.launch().wait()
first.close()
second = capture()  # expect-also
second.launch().wait()
second.close()
