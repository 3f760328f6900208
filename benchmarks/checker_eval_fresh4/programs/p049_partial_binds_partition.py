from __future__ import annotations

import functools

from llmrun.kernels import axpy

import tilert as tr

acc = tr.zeros((64,), name="acc")
grad = tr.full((64,), 0.5)
update = functools.partial(axpy, acc.partition((16,)), grad)
if float(acc.to_numpy().sum()) == 0.0:  # expect: TC104
    update(1.0).sync()
