import numpy as np
from hostkit import scale

import tilert as tr


def report(name, t):
    arr = t.to_numpy()  # expect: TC102
    print(f"{name}: min={arr.min():.3f} max={arr.max():.3f} mean={arr.mean():.3f}")


x = tr.from_numpy(np.random.default_rng(0).random(2048).astype(np.float32))
y = tr.empty((2048,))
p = scale(y.partition((256,)), x, 4.0).submit()
report("x", x)
report("y", y)  # expect-also: TC102
p.wait()
