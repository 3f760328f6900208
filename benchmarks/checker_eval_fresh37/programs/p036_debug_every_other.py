from hostkit import scale

import tilert as tr

N = 1024
x = tr.arange(N)
snapshots = [tr.empty((N,)) for _ in range(6)]
LOG_EVERY = 2

for step, snap in enumerate(snapshots):
    op = scale(snap.partition((128,)), x, float(step))  # expect: TC105
    if step % LOG_EVERY == 0:
        op.sync()
        print("step", step, "snap[1] =", snap.to_numpy()[1])
