from __future__ import annotations

from llmrun.kernels import scale

import tilert as tr

x = tr.ones((64,))
op = scale(x.partition((16,)), 2.0)
with tr.graph() as g:
    g.record(op)
g.launch().wait()
g.close()
op.sync()  # expect: TC110
