"""A helper that returns its Pending only on the warm path; the cold call drops it."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


def prefill(out: tr.Tensor, prompt: tr.Tensor, warm: bool):
    pending = K.copy(tiles(out), prompt).submit()  # expect: TC108
    if warm:
        return pending
    return None


cache = tr.zeros((32,))
prompt = vec(np.arange(32))
p = prefill(cache, prompt, warm=True)
p.wait()
prefill(tr.zeros((32,)), prompt, warm=False)  # expect-also
print(cache.to_numpy()[:2])
