"""Applying a scale then an axpy to the same output: the partition moves along a chain."""

from llmreef import axpy, scale

import tilert as tr

x = tr.arange(1024)
y = tr.empty((1024,))
py = y.partition((256,))

scale(py, x, 2.0).then(lambda yp, *_: axpy(yp, x, 1.0)).sync()
print(y.to_numpy()[:4])
