from llmhost.kernels import add, copy

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))
z = tr.zeros((64,))

with tr.graph() as g:
    g.record(add(y.partition((16,)), x, x))
    g.record(copy(z.partition((16,)), y))

g.launch().wait()
g.launch()  # expect: TC108
g.close()
print(z.to_numpy()[0])
