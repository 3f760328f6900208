import numpy as np
from llmquay import accumulate, add

import tilert as tr

n = 2048
x = tr.from_numpy(np.arange(n, dtype=np.float32))
y = tr.ones((n,))
z = tr.zeros((n,))

zp = z.partition((512,))
add(zp, x, y).sync()
accumulate(zp, y).sync()  # expect: TC109
print(z.to_numpy()[:4])
