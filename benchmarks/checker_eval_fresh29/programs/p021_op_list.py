"""Build the ops of a layer in a list, then run them; one is left out of the run."""

from llmreef import add, relu, scale

import tilert as tr

D = 512
x = tr.arange(D)
h1, h2, h3 = (tr.empty((D,), name=f"h{i}") for i in range(1, 4))

ops = [
    relu(h1.partition((128,)), x),
    scale(h2.partition((128,)), x, 0.1),
]
for op in ops:
    op.sync()
extra = add(h3.partition((128,)), h1, h2)  # expect: TC105
print(h1.to_numpy()[-1], h2.to_numpy()[-1])
del extra
