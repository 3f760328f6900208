from llmhost.kernels import add, axpy, scale

import tilert as tr

x = tr.ones((64,))
z = tr.zeros((64,))
zp = z.partition((16,))
add(zp, x, x).then(lambda p, *_: axpy(p, x, 1.0)).sync()
scale(zp, x, 0.5).sync()  # expect: TC109
