"""Toy linear 'training': pred = w * x, grad = pred - target, w -= lr * grad."""

import numpy as np
from tilekit import add, axpy, mul, scale

import tilert as tr

n, lr = 4096, 0.1
rng = np.random.default_rng(0)
x = tr.from_numpy(rng.random(n, dtype=np.float32))
neg_target = tr.from_numpy(-2.0 * x.to_numpy())
w = tr.zeros((n,), name="w")
pred = tr.empty((n,), name="pred")
grad = tr.empty((n,), name="grad")
wx = tr.empty((n,), name="wx")

for epoch in range(3):
    mul(pred.partition((512,)), w, x).sync()
    add(grad.partition((512,)), pred, neg_target).sync()
    # log w*x for the dashboard on the side while we update
    logging_job = scale(wx.partition((512,)), w, 1.0).submit()
    axpy(w.partition((512,)), grad, -lr).sync()  # expect: TC103
    logging_job.wait()
    print(epoch, float(np.abs(grad.to_numpy()).mean()))
