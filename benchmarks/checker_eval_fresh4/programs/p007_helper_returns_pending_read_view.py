from __future__ import annotations

import numpy as np
from llmrun.host import add_async, filled

import tilert as tr

a = filled(64, 1.0)
b = filled(64, 2.0)
hidden = tr.zeros((64,))
pending = add_async(hidden, a, b)
head = hidden.reshape(4, 16)[0].to_numpy()  # expect: TC102
pending.wait()
print(np.sum(head))
