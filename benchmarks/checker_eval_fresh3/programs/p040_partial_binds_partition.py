import functools

from llmhost.kernels import axpy

import tilert as tr

acc = tr.zeros((64,))
add_into_acc = functools.partial(axpy, acc.partition((16,)))

for g in [tr.ones((64,)), tr.ones((64,))]:
    add_into_acc(g, 1.0).sync()  # expect: TC109
print(acc.to_numpy()[0])
