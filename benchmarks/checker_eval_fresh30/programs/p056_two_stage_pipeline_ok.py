"""Software pipeline over micro-batches: stage 2 of batch i overlaps stage 1 of batch i+1."""

from llmquill import gelu, scale

import tilert as tr

N, BATCHES = 1024, 4
inputs = [tr.full((N,), float(i)) for i in range(BATCHES)]
mid = [tr.empty((N,), name=f"mid{i % 2}") for i in range(2)]
outs = [tr.empty((N,), name=f"out{i}") for i in range(BATCHES)]

stage1 = gelu(mid[0].partition((256,)), inputs[0]).submit()
stage2 = None
for i in range(BATCHES):
    stage1.wait()
    if stage2 is not None:
        stage2.wait()
    stage2 = scale(outs[i].partition((256,)), mid[i % 2], 2.0).submit()
    if i + 1 < BATCHES:
        stage1 = gelu(mid[(i + 1) % 2].partition((256,)), inputs[i + 1]).submit()
assert stage2 is not None
stage2.wait()
print([float(o.to_numpy()[0]) for o in outs])
