from llmrun.kernels import fill, scale

import tilert as tr

x = tr.zeros((64,))
with tr.graph() as g:
    fill(x.partition((16,)), 1.0).sync()  # expect: TC111
    g.record(scale(x.partition((16,)), 2.0))
g.launch().wait()
g.close()
