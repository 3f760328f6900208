"""An SGD step over a dict of weights partitions `w1` while the forward op still reads it."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

weights = {"w1": tr.full((256,), 1.0), "w2": tr.full((256,), 2.0)}
grads = {name: tr.full((256,), 0.1) for name in weights}
x = tr.ones((256,))
h = tr.zeros((256,))

forward = K.mul(tiles(h), x, weights["w1"]).submit()
for name, w in weights.items():
    K.axpy(tiles(w), grads[name], -0.5).sync()  # expect: TC103
forward.wait()
print(float(h.to_numpy()[0]))
