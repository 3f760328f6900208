from llmhost.kernels import axpy, scale

import tilert as tr

x = tr.ones((64,))
y = tr.zeros((64,))
first = scale(y.partition((16,)), x, 2.0)
pending = first.submit()
follow = first.then(lambda yp, *_: axpy(yp, x, 1.0))  # expect: TC110
pending.wait()
