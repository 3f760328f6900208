from llmhost.kernels import add, relu

import tilert as tr

x = tr.ones((64,))
out = tr.zeros((64,))

with tr.graph() as g:
    tmp = tr.empty((64,))  # expect: TC111
    g.record(relu(tmp.partition((16,)), x))
    g.record(add(out.partition((16,)), tmp, x))

for _ in range(2):
    g.launch().wait()
g.close()
