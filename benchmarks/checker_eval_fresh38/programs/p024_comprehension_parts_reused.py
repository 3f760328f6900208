from trainkit import TILE, sgd_step

import tilert as tr

shapes = [1024, 512, 2048]
params = [tr.ones((n,)) for n in shapes]
grads = [tr.full((n,), 0.1) for n in shapes]

tiles = [p.partition((TILE,)) for p in params]
for _epoch in range(2):
    pendings = []
    for t, g in zip(tiles, grads, strict=True):
        pendings.append(sgd_step(t, g, 0.5).submit())  # expect: TC109
    for pend in pendings:
        pend.wait()
print([float(p.to_numpy()[0]) for p in params])
