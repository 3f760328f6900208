from llmdeck.kernels import axpy

import tilert as tr

N = 64


def apply_update(part, grad, lr):
    axpy(part, grad, -lr).sync()  # expect: TC109


w = tr.ones((N,))
g = tr.ones((N,))
wp = w.partition((16,))
apply_update(wp, g, 0.1)
apply_update(wp, g, 0.1)  # expect-also
