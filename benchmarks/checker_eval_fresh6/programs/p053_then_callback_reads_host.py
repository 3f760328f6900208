"""A `.then` callback logs the intermediate on the host before chaining the next launch: host
reads are refused inside a callback (the chain still holds the tensor)."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

log: list[float] = []
h = tr.ones((64,))
hidden = tr.zeros((64,))
out = tr.zeros((64,))


def log_then_relu(part: tr.Partition, *_: object) -> tr.Op:
    log.append(float(hidden.to_numpy().mean()))  # expect: TC102
    return k.relu(out.partition((16,)), h)


k.scale(hidden.partition((16,)), h, -1.0).then(log_then_relu).sync()  # expect-also
print(log)
