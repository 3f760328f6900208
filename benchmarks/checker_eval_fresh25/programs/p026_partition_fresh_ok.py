import numpy as np
from llmquay import accumulate, add

import tilert as tr

n = 2048
x = tr.from_numpy(np.arange(n, dtype=np.float32))
y = tr.ones((n,))
z = tr.zeros((n,))

add(z.partition((512,)), x, y).sync()
accumulate(z.partition((512,)), y).sync()
np.testing.assert_array_equal(z.to_numpy(), np.arange(n, dtype=np.float32) + 2)
print(z.to_numpy()[:4])
