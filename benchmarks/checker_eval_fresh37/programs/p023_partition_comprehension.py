from hostkit import copy, scale

import tilert as tr

N = 1024
srcs = [tr.full((N,), float(i + 1)) for i in range(3)]
dsts = [tr.empty((N,)) for _ in srcs]
parts = [d.partition((128,)) for d in dsts]

for part, src in zip(parts, srcs, strict=True):
    copy(part, src).sync()
# then scale the first buffer in place
scale(parts[0], srcs[0], 10.0).sync()  # expect: TC109
print([float(d.to_numpy()[0]) for d in dsts])
