"""Check the buffer, then build the partition and launch."""

import numpy as np
from llmreef import silu

import tilert as tr

x = tr.from_numpy(np.linspace(-3, 3, 2048, dtype=np.float32))
out = tr.zeros((2048,), name="out")

print("nonzero before:", int(np.count_nonzero(out.to_numpy())))
part = out.partition((512,))
print("grid:", part.grid)
silu(part, x).sync()
print(out.to_numpy()[::512])
