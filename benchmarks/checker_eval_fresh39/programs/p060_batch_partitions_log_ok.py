"""Building a batch: the scheduler logs each output's first value, then makes the partitions in
a comprehension and launches."""

from servekit import scale_into

import tilert as tr

DIM = 32
prompts = [tr.full((DIM,), float(i + 1)) for i in range(3)]
outputs = [tr.zeros((DIM,), name=f"out{i}") for i in range(3)]

for i, o in enumerate(outputs):
    print(f"req {i} starts from {float(o.to_numpy()[0])}")
parts = [o.partition((16,)) for o in outputs]
for p, x in zip(parts, prompts, strict=True):
    scale_into(p, x, 2.0).sync()
print([float(o.to_numpy()[0]) for o in outputs])
