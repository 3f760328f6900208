"""Nested starred unpacking of (name, (buffer, pending)) pairs: the middle ones never waited."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(24))
stages = []
for name, factor in (("a", 1.0), ("b", 2.0), ("c", 3.0)):
    buf = tr.zeros((24,))
    stages.append((name, (buf, K.scale(tiles(buf), x, factor).submit())))

(_, (first, p_first)), *middle, (_, (last, p_last)) = stages
p_first.wait()
p_last.wait()
total = first.to_numpy().sum() + last.to_numpy().sum()
for _, (buf, _) in middle:
    total += buf.to_numpy().sum()  # expect: TC102
print(total)
