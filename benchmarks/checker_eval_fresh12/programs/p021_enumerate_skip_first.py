"""Stages walked with `for i, (buf, pend) in enumerate(...)`, waiting `if i:`; stage 0 is read
unwaited by a list comprehension."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.full((64,), 2.0)
stages = []
for gain in (0.5, 1.0, 1.5):
    out = tr.zeros((64,))
    stages.append((out, K.scale(tiles(out), x, gain).submit()))

for i, (_, pend) in enumerate(stages):
    if i:
        pend.wait()

firsts = [float(buf.to_numpy()[0]) for buf, _ in stages]  # expect: TC102
print(firsts)
stages[0][1].wait()
