from hostkit import launch_add

import tilert as tr

layers = 4
xs = [tr.full((1024,), float(i)) for i in range(layers)]
bias = tr.ones((1024,))
ys = [tr.empty((1024,)) for _ in range(layers)]

pendings = [launch_add(y, x, bias).submit() for x, y in zip(xs, ys, strict=True)]
first = ys[0].to_numpy()  # expect: TC102
for p in pendings:
    p.wait()
print(first[:2], [float(y.to_numpy()[0]) for y in ys])
