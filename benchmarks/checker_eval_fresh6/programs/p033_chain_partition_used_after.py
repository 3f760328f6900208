"""A chain hands its partition along (`fill.then(axpy)`), then the same partition is used
again by a separate op after the chain ran."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr

N = 64
x = tr.ones((N,))
acc_buf = tr.zeros((N,))
part = acc_buf.partition((16,))
chain = k.fill(part, 1.0).then(lambda p, *_: k.axpy(p, x, 2.0))
chain.sync()
k.scale_(part, 0.5).sync()  # expect: TC109
print(acc_buf.to_numpy()[0])
