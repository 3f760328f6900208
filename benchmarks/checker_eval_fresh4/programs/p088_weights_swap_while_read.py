"""Hot-swapping a LoRA delta into the weights while a request's projection reads them."""

from __future__ import annotations

from llmrun.host import project, weights
from llmrun.kernels import add

import tilert as tr

w, w_np = weights(32, 32, seed=5)
delta = tr.full((32, 32), 0.01)
x = tr.ones((32,))
y = tr.zeros((32,))
request = project(y, w, x).submit()
merged = tr.zeros((32, 32))
add(merged.partition((8, 32)), w, delta).sync()  # reading w beside another reader is fine
w.copy_from(merged)  # expect: TC103
request.wait()
