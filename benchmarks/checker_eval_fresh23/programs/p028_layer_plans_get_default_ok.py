import numpy as np
from llmpress.host import tiles
from llmpress.kernels import relu

import tilert as tr

LAYERS = 4
D = 256

hidden = [tr.from_numpy(np.full(D, i - 1.5, dtype=np.float32)) for i in range(LAYERS)]
acts = {i: tr.zeros((D,), name=f"act{i}") for i in (0, 2)}
scratch = tr.zeros((D,), name="scratch")

# layers with a dedicated activation buffer get their own plan; the others plan the scratch
plans = {i: tiles(t) for i, t in acts.items()}
for i in range(LAYERS):
    plan = plans.pop(i) if i in plans else tiles(scratch)
    relu(plan, hidden[i]).sync()
assert {i: float(t.to_numpy()[0]) for i, t in acts.items()} == {0: 0.0, 2: 0.5}
assert float(scratch.to_numpy()[0]) == 1.5
