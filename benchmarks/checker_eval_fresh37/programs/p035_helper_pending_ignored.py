import numpy as np
from hostkit import copy

import tilert as tr


def upload(dst, array):
    src = tr.from_numpy(array)
    return copy(dst.partition((128,)), src).submit()  # expect: TC108


buf = tr.empty((1024,), name="buf")
upload(buf, np.ones(1024, dtype=np.float32))  # expect-also: TC108
print("uploaded")
