from hostkit import launch_add, launch_scale

import tilert as tr

n = 8192
x = tr.arange(n)
bias = tr.ones((n,))
h = tr.empty((n,))
y = tr.empty((n,))

step_ops = [launch_add(h, x, bias), launch_scale(y, x, 0.5)]
for op in step_ops:  # warm up eagerly once
    op.sync()

with tr.graph() as g:
    for op in step_ops:
        g.record(op)  # expect: TC110
for _ in range(10):
    g.launch().wait()
g.close()
print(y.to_numpy()[:2])
