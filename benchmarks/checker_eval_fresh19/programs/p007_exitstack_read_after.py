"""Waits registered on an ExitStack; the logits are read after the block."""

from __future__ import annotations

from contextlib import ExitStack

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

hidden = upload(np.linspace(-1, 1, 128))
logits = tr.zeros(128)
with ExitStack() as stack:
    stack.callback(K.relu(tiles(logits), hidden).submit().wait)
    shape = hidden.to_numpy().shape  # only read by the op: allowed
top = int(np.argmax(logits.to_numpy()))
assert top == 127 and shape == (128,)
print("ok")
