"""A capture that builds its per-head scratch buffers with a comprehension inside the block."""

from llmweave.kernels import scale

import tilert as tr

heads = 4
x = tr.ones((64,))
with tr.graph() as g:
    scratch = [tr.zeros((64,)) for _ in range(heads)]  # expect: TC111
    for h, buf in enumerate(scratch):
        g.record(scale(buf.partition((16,)), x, float(h)))
g.launch().wait()
g.close()
