"""Graph capture that calls a warm-up helper, which syncs its op to be sure the kernel compiled."""

from llmweave.kernels import fill, scale

import tilert as tr


def warm(t: tr.Tensor) -> None:
    fill(t.partition((16,)), 0.0).sync()  # expect: TC111


x, out, scratch = tr.ones((64,)), tr.zeros((64,)), tr.zeros((64,))
with tr.graph() as g:
    warm(scratch)  # expect-also
    g.record(scale(out.partition((16,)), x, 2.0))
g.launch().wait()
g.close()
