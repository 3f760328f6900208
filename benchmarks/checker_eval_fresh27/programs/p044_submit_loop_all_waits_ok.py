"""Submit one scale per layer's buffer, keep every pending, wait for all of them."""

from llmcove import scale

import tilert as tr

layers = [tr.full((1024,), float(i + 1)) for i in range(4)]
pendings = []
for buf in layers:
    pendings.append(scale(buf.partition((256,)), 0.5).submit())
while pendings:
    pendings.pop().wait()
print([float(buf.to_numpy()[0]) for buf in layers])
