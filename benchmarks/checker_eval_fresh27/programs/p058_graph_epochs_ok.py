"""Record the per-layer weight-decay ops once in a graph and replay it every epoch."""

from llmcove import scale

import tilert as tr

WEIGHT_DECAY = 1e-2
LR = 0.1
params = [tr.ones((n,)) for n in (256, 512, 1024)]

with tr.graph() as decay:
    for p in params:
        decay.record(scale(p.partition((256,)), 1 - LR * WEIGHT_DECAY))
for epoch in range(2):
    decay.launch().wait()
    print("epoch", epoch)
decay.close()
print([float(p.to_numpy()[0]) for p in params])
