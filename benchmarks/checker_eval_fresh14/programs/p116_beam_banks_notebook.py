# %% [markdown]
# Beam search with two score banks: the step writes the back bank from the front one; the
# banks are swapped only after the step's wait.

# %%
import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

front = tr.from_numpy(np.zeros(16, np.float32))
back = tr.zeros((16,))
step_scores = [tr.from_numpy(np.full(16, float(s), np.float32)) for s in (1, 2, 3)]

# %%
for scores in step_scores:
    pend = K.add(tiles(back), front, scores).submit()
    assert front.to_numpy().shape == (16,)  # the front bank is only read
    pend.wait()
    front, back = back, front

# %%
np.testing.assert_array_equal(front.to_numpy(), np.full(16, 6.0, np.float32))
