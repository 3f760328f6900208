from llmhost.kernels import axpy

import tilert as tr

bufs = [tr.zeros((64,)) for _ in range(2)]
parts = [b.partition((16,)) for b in bufs]
g = tr.ones((64,))
for epoch in range(2):
    for part in parts:
        axpy(part, g, float(epoch + 1)).sync()  # expect: TC109
print(bufs[0].to_numpy()[0])
