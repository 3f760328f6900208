"""A kernel benchmark that builds its ops once, runs them as warm-up, then submits the same list
again for the timed run."""

import time

from servekit import add

import tilert as tr

N, REPS = 512, 4

a, b = tr.ones((N,)), tr.full((N,), 2.0)
outs = [tr.empty((N,)) for _ in range(REPS)]
ops = [add(o.partition((128,)), a, b) for o in outs]

for op in ops:
    op.sync()  # warm-up

t0 = time.perf_counter()
pendings = [op.submit() for op in ops]  # expect: TC110
for p in pendings:
    p.wait()
print(f"{(time.perf_counter() - t0) / REPS * 1e6:.1f} us per add")
