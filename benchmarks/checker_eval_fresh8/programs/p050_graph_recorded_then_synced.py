"""The ops recorded into a graph are kept in a list; a debug path syncs the last one by hand."""

from llmweave.kernels import add, scale

import tilert as tr

x, h, out = tr.ones((64,)), tr.zeros((64,)), tr.zeros((64,))
with tr.graph() as g:
    ops = [g.record(scale(h.partition((16,)), x, 3.0))]
    ops.append(g.record(add(out.partition((16,)), h, x)))
g.launch().wait()
DEBUG = True
if DEBUG:
    ops[-1].sync()  # expect: TC110
g.close()
