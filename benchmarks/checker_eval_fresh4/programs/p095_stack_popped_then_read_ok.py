from llmrun.kernels import fill

import tilert as tr

layers = tr.zeros((4, 32))
stack = []
for i in range(4):
    stack.append(fill(layers[i].partition((16,)), float(i)).submit())
del i
while stack:
    stack.pop().wait()
assert layers.to_numpy()[:, 0].tolist() == [0.0, 1.0, 2.0, 3.0]
