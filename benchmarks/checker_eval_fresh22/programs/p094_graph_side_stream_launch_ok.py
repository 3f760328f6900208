"""Replaying a captured step on a side stream while the host prepares the next prompt."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

prompt = upload(np.linspace(0, 1, 256), name="prompt")
logits = tr.zeros((256,), name="logits")
with tr.graph() as g:
    g.record(K.scale(tiles(logits), prompt, 4.0))
side = tr.Stream()
launch = g.launch(side)
next_prompt = np.linspace(1, 2, 256).astype(np.float32)  # host work meanwhile
launch.wait()
g.close()
top = float(logits.to_numpy().max())
assert top == 4.0 and next_prompt[0] == 1.0
