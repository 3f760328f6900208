from collections.abc import Iterator

import numpy as np
from llmhost.kernels import scale

import tilert as tr


def launches(x: tr.Tensor, outs: list[tr.Tensor]) -> Iterator[tuple[tr.Tensor, tr.Pending]]:
    for i, o in enumerate(outs):
        yield o, scale(o.partition((16,)), x, float(i)).submit()


x = tr.ones((64,))
totals = []
for out, pending in launches(x, [tr.zeros((64,)) for _ in range(3)]):
    pending.wait()
    totals.append(float(np.sum(out.to_numpy())))
assert totals == [0.0, 64.0, 128.0]
print("generator pendings ok")
