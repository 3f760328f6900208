"""head, *body, (tail, tail_done) = stages: the body's Pendings waited, the tail read unwaited."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
stages = []
for i in range(4):
    out = tr.zeros(128)
    stages.append((out, K.scale(tiles(out), x, float(i)).submit()))
head, *body, (tail, tail_done) = stages
head[1].wait()
for _, p in body:
    p.wait()
print(tail.to_numpy()[:4])  # expect: TC102
tail_done.wait()
