"""Per-request outputs keyed by request id; finished requests are popped and read."""

from __future__ import annotations

import numpy as np
from llmdeck.kernels import scale

import tilert as tr

N = 32
prompts = {f"req-{i}": tr.full((N,), float(i)) for i in range(5)}
outputs = {rid: tr.zeros((N,)) for rid in prompts}
inflight = {
    rid: scale(outputs[rid].partition((16,)), x, 10.0).submit() for rid, x in prompts.items()
}

results: dict[str, float] = {}
while inflight:
    rid = next(iter(inflight))
    inflight.pop(rid).wait()
    results[rid] = float(outputs[rid].to_numpy()[0])
assert results == {f"req-{i}": 10.0 * i for i in range(5)}
print(np.mean(list(results.values())))
