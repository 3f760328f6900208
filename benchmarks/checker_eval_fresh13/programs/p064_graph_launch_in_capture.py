"""A graph launched (and waited) from inside its own `with tr.graph()` block."""

from llmrig import kernels as K

import tilert as tr

x = tr.arange(128)
y = tr.zeros(128)
with tr.graph() as g:
    g.record(K.scale(y.partition((64,)), x, 2.0))
    g.launch().wait()  # expect: TC111
g.close()
