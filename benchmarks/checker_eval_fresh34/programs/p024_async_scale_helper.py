"""Logit soft-capping scale done with the package helper that submits and returns a Pending;
the caller overlaps host work with it."""

import numpy as np
from infercore import submit_scale

import tilert as tr

rng = np.random.default_rng(24)
logits = tr.from_numpy((rng.standard_normal((4, 128)) * 30).astype(np.float32))
capped = tr.empty((4, 128), name="capped")

pending = submit_scale(capped, logits, 1.0 / 30.0)
stop_ids = {0, 2}
top = capped.to_numpy().argmax(axis=1)  # expect: TC102
pending.wait()
print("top tokens", top.tolist(), "stopped", [int(t) in stop_ids for t in top])
