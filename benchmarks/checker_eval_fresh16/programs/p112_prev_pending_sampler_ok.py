"""Token-by-token sampling: `if prev is not None: prev.wait()` before reading the previous token."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(15)
steps = [rng.standard_normal((1, 32)).astype(np.float32) for _ in range(4)]
logits = [tr.from_numpy(s) for s in steps]
tokens = [tr.zeros((1,), dtype=tr.i32) for _ in steps]
prev, generated = None, []
for i in range(len(steps)):
    cur = tk.argmax(tokens[i], logits[i]).submit()
    if prev is not None:
        prev.wait()
        generated.append(int(tokens[i - 1].to_numpy()[0]))
    prev = cur
if prev is not None:
    prev.wait()
    generated.append(int(tokens[-1].to_numpy()[0]))
assert generated == [int(s.argmax()) for s in steps]
