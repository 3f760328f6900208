"""Waits registered on an ExitStack run at the block's end; the logits are read inside it."""

from __future__ import annotations

from contextlib import ExitStack

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

hidden = upload(np.linspace(-1, 1, 128))
logits = tr.zeros(128)
probs = tr.zeros(128)
with ExitStack() as stack:
    stack.callback(K.relu(tiles(logits), hidden).submit().wait)
    top = int(np.argmax(logits.to_numpy()))  # expect: TC102
print(top, probs)
