"""A batch of requests: one submitted op per request, kept in a list; the first request's
output is logged before the loop that waits for them all."""

import numpy as np
from llmcraft import add

import tilert as tr

SEQ = 128


def make_request(i: int) -> tuple[tr.Tensor, tr.Tensor]:
    x = tr.from_numpy(np.full(SEQ, float(i), dtype=np.float32))
    return x, tr.zeros((SEQ,))


requests = [make_request(i) for i in range(4)]
bias = tr.ones((SEQ,), name="bias")
pendings = []
outputs = []
for x, out in requests:
    pendings.append(add(out.partition((64,)), x, bias).submit())
    outputs.append(out)

print("first request head:", outputs[0].to_numpy()[:4])  # expect: TC102
for p in pendings:
    p.wait()
print("done", [float(o.to_numpy()[0]) for o in outputs])
