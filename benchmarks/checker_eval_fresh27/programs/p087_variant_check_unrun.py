"""Compare a fused and an unfused variant; the correctness check calls a variant's builder
and forgets to run what it returns."""

import numpy as np
from llmcove import add, axpy, copy

import tilert as tr

N = 4096
x = tr.arange(N)
y = tr.ones((N,))
fused_out = tr.empty((N,))
unfused_out = tr.empty((N,))

variants = {
    "fused": lambda: add(fused_out.partition((512,)), x, y),  # expect: TC105
    "unfused": lambda: copy(unfused_out.partition((512,)), y).then(lambda t, *_: axpy(t, x, 1.0)),
}

variants["unfused"]().sync()
variants["fused"]()  # expect-also: TC105
for name, build in variants.items():
    ms = tr.testing.do_bench(build)
    print(f"{name}: {ms:.4f} ms")
print(np.array_equal(fused_out.to_numpy(), unfused_out.to_numpy()))
