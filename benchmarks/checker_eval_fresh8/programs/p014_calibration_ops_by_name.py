"""Calibration ops built for every observer in a dict comprehension; only the enabled ones run."""

from llmweave.kernels import ema

import tilert as tr

observers = {n: tr.zeros((64,)) for n in ("attn", "mlp", "lm_head")}
enabled = {"attn", "mlp"}
act = tr.ones((64,))

ops = {n: ema(buf.partition((16,)), act, 0.5) for n, buf in observers.items()}  # expect: TC105
for n in enabled:
    ops[n].sync()
print(sorted(enabled))
