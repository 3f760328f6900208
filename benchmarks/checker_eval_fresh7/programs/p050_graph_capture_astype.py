"""Capturing a mixed-precision step: the input is converted to f16 for logging inside the
`with tr.graph()` block."""

from llmroute import kernels as K

import tilert as tr

x = tr.arange(64, name="x")
y = tr.zeros((64,), name="y")
with tr.graph() as g:
    g.record(K.scale(y.partition((16,)), x, 0.5))
    x_half = x.astype(tr.f16)  # expect: TC111
g.launch().wait()
g.close()
