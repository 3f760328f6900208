"""Submit one scale per layer's buffer and wait for "the" pending after the loop."""

from llmcove import scale

import tilert as tr

layers = [tr.full((1024,), float(i + 1)) for i in range(4)]
for buf in layers:
    pending = scale(buf.partition((256,)), 0.5).submit()  # expect: TC108
pending.wait()
print([float(buf.to_numpy()[0]) for buf in layers])
