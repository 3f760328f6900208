# partitions made once per buffer in a comprehension, then used by two passes
import numpy as np
from llmforge import kernels as k

import tilert as tr

bufs = [tr.zeros((64,)) for _ in range(3)]
parts = [b.partition((16,)) for b in bufs]
src = tr.from_numpy(np.arange(64, dtype=np.float32))

for p in parts:
    k.copy(p, src).sync()

for i, p in enumerate(parts):
    k.scale_(p, float(i)).sync()  # expect: TC109

print([float(b.to_numpy()[1]) for b in bufs])
