"""Build the per-layer weight-decay ops once and run them every epoch."""

from llmcove import scale

import tilert as tr

WEIGHT_DECAY = 1e-2
LR = 0.1
params = [tr.ones((n,)) for n in (256, 512, 1024)]

decay_ops = [scale(p.partition((256,)), 1 - LR * WEIGHT_DECAY) for p in params]
for epoch in range(2):
    for op in decay_ops:
        op.sync()  # expect: TC110
    print("epoch", epoch, [float(p.to_numpy()[0]) for p in params])
