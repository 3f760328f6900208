import numpy as np
from tilekit import accumulate, add

import tilert as tr

n = 2048
x = tr.arange(n)
y = tr.ones((n,))
z = tr.empty((n,))

zp = z.partition((256,))
add(zp, x, y).then(lambda p, *_: accumulate(p, y)).sync()
# one more bias on top
accumulate(z.partition((256,)), y).sync()
assert np.allclose(z.to_numpy(), np.arange(n) + 3)
print(z.to_numpy()[:3])
