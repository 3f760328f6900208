"""Applying two scales to the same output, reusing the partition object."""

from llmreef import axpy, scale

import tilert as tr

x = tr.arange(1024)
y = tr.empty((1024,))
py = y.partition((256,))

scale(py, x, 2.0).sync()
axpy(py, x, 1.0).sync()  # expect: TC109
print(y.to_numpy()[:4])
