"""A helper submits Q/K/V and returns a dict of Pendings; the caller waits q and k, reads v."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


def project(h: tr.Tensor, outs: dict[str, tr.Tensor]) -> dict[str, tr.Pending]:
    return {
        n: K.scale(tiles(t), h, 0.1 * (i + 1)).submit() for i, (n, t) in enumerate(outs.items())
    }


outs = {n: tr.zeros(128) for n in "qkv"}
done = project(tr.arange(128), outs)
done["q"].wait()
done["k"].wait()
v_norm = float((outs["v"].to_numpy() ** 2).sum())  # expect: TC102
done["v"].wait()
print(v_norm)
