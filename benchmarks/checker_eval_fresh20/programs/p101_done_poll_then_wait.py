"""A serving loop polls done() to overlap host work, then waits before reading the tokens."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

logits = upload(np.tile(np.arange(16), 4)).reshape(4, 16)
tokens = tr.zeros((4,), dtype=tr.i32)
pending = tk.argmax(tokens, logits).submit()
polls = 0
while not pending.done():
    polls += 1
pending.wait()
assert tokens.to_numpy().tolist() == [15, 15, 15, 15]
