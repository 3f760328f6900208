"""A script written at module level, as in a notebook: embed, scale per layer, read."""

import numpy as np
from llmkit.kernels import copy, scale

import tilert as tr

hidden = tr.zeros((512,), name="hidden")
copy(hidden.partition((128,)), tr.full((512,), 2.0)).sync()
for _ in range(3):
    scale(hidden.partition((128,)), 0.5).sync()
np.testing.assert_allclose(hidden.to_numpy(), 0.25)
print("hidden:", hidden.to_numpy()[0])
