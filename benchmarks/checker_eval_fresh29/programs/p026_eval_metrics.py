"""Evaluation loop: compute logits for each batch, then metrics; a dict of pendings per split."""

import numpy as np
from llmreef import scale

import tilert as tr

splits = {"val": 3.0, "test": 5.0}
logits = {name: tr.empty((256,), name=f"logits_{name}") for name in splits}
inputs = {name: tr.full((256,), v) for name, v in splits.items()}

pending = {}
for name in splits:
    pending[name] = scale(logits[name].partition((64,)), inputs[name], 0.5).submit()

metrics = {}
pending["val"].wait()
for name in splits:
    metrics[name] = float(np.mean(logits[name].to_numpy()))  # expect: TC102
pending["test"].wait()
print(metrics)
