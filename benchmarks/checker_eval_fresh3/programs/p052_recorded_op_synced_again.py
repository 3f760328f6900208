from llmhost.kernels import add

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))

with tr.graph() as g:
    step = g.record(add(y.partition((16,)), x, x))

g.launch().wait()
g.close()
step.sync()  # expect: TC110
print(y.to_numpy()[0])
