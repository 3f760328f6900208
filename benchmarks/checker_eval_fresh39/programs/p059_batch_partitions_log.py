"""Building a batch: the output partitions of all requests are made in a comprehension, then
the scheduler logs each output's first value before the launches."""

from servekit import scale_into

import tilert as tr

DIM = 32
prompts = [tr.full((DIM,), float(i + 1)) for i in range(3)]
outputs = [tr.zeros((DIM,), name=f"out{i}") for i in range(3)]

parts = [o.partition((16,)) for o in outputs]
for i, o in enumerate(outputs):
    print(f"req {i} starts from {float(o.to_numpy()[0])}")  # expect: TC104
for p, x in zip(parts, prompts, strict=True):
    scale_into(p, x, 2.0).sync()
print([float(o.to_numpy()[0]) for o in outputs])
