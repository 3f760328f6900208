import numpy as np
from llmquay import mul

import tilert as tr

TILE = 128


def gated(out: tr.Tensor, a: tr.Tensor, gate: tr.Tensor) -> tr.Op:
    # tile everything the same way so the blocks line up
    return mul(out.partition((TILE,)), a.partition((TILE,)), gate)  # expect: TC106


a = tr.from_numpy(np.arange(512, dtype=np.float32))
gate = tr.from_numpy((np.arange(512) % 2).astype(np.float32))
out = tr.empty((512,))
gated(out, a, gate).sync()  # expect-also: TC106
print(out.to_numpy()[:6])
