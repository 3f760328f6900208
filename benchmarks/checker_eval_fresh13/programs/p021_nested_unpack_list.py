"""Two staged projections unpacked as [(q, q_done), [k, k_done]]; k is read without its wait."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def stage(src: tr.Tensor, a: float) -> list:
    out = tr.zeros(src.shape[0])
    return [out, K.scale(tiles(out), src, a).submit()]


h = tr.arange(128)
[(q, q_done), [k, k_done]] = [tuple(stage(h, 0.5)), stage(h, 2.0)]
q_done.wait()
score = float((q.to_numpy() * k.to_numpy()).sum())  # expect: TC102
k_done.wait()
print(score)
