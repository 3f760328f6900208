"""Per-head projections submitted into a dict of pendings; the join misses one key."""

from llmcove import mul

import tilert as tr

HEADS = ("q", "k", "v")
x = tr.arange(2048)
weights = {h: tr.full((2048,), 0.1 * (i + 1)) for i, h in enumerate(HEADS)}
outs = {h: tr.empty((2048,)) for h in HEADS}

pending = {}
for h in HEADS:
    pending[h] = mul(outs[h].partition((512,)), x, weights[h]).submit()  # expect: TC108
for h in ("q", "k"):
    pending.pop(h).wait()
print({h: float(outs[h].to_numpy()[1]) for h in ("q", "k")})
pending.clear()
