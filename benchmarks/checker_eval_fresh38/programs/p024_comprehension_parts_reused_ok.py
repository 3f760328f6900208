from trainkit import TILE, sgd_step

import tilert as tr

shapes = [1024, 512, 2048]
params = [tr.ones((n,)) for n in shapes]
grads = [tr.full((n,), 0.1) for n in shapes]

for _epoch in range(2):
    tiles = [p.partition((TILE,)) for p in params]
    pendings = [sgd_step(t, g, 0.5).submit() for t, g in zip(tiles, grads, strict=True)]
    for pend in pendings:
        pend.wait()
print([float(p.to_numpy()[0]) for p in params])
