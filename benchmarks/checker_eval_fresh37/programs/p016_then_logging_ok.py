import numpy as np
from hostkit import accumulate, add

import tilert as tr

x = tr.from_numpy(np.arange(1024, dtype=np.float32))
y = tr.ones((1024,))
z = tr.empty((1024,), name="z")


def second_pass(zp, *_):
    return accumulate(zp, y)


add(z.partition((128,)), x, y).then(second_pass).sync()
print(z.to_numpy()[:3])
