import numpy as np
from tilekit import add, copy

import tilert as tr

n = 2048
src = tr.from_numpy(np.linspace(0, 1, n, dtype=np.float32))
backup = tr.empty((n,))
work = tr.empty((n,))


def snapshot(dst, t):
    # keep a copy of the inputs around for debugging
    return copy(dst.partition((256,)), t).submit()  # expect: TC108


snapshot(backup, src)  # expect-also: TC108
add(work.partition((256,)), src, src).sync()
print(work.to_numpy()[-3:])
