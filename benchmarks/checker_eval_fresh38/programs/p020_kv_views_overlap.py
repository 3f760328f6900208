"""Two updates on views of one flat parameter buffer (a fused optimizer's layout)."""

from trainkit import TILE, sgd_step

import tilert as tr

flat = tr.ones((4096,), name="flat_params")
grads = tr.full((4096,), 0.5, name="flat_grads")
w1, w2 = flat[:2048], flat[1024:]
g1, g2 = grads[:2048], grads[1024:]

p1 = sgd_step(w1.partition((TILE,)), g1, 0.1).submit()
p2 = sgd_step(w2.partition((TILE,)), g2, 0.1).submit()  # expect: TC102
p1.wait()
p2.wait()
print(flat.to_numpy()[::1024])
