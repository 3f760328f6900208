from __future__ import annotations

import numpy as np
from llmrun.host import add_async, filled

import tilert as tr

a = filled(64, 1.0)
b = filled(64, 2.0)
hidden = tr.zeros((64,))
pending = add_async(hidden, a, b)
peek = a.to_numpy()  # a is only read by the op in flight
pending.wait()
head = hidden.reshape(4, 16)[0].to_numpy()
assert np.all(head == 3.0) and np.all(peek == 1.0)
