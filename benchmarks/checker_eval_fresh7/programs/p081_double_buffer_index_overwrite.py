"""Double buffering with Pendings kept in a two-slot list indexed by i % 2; the waits are only
done after the loop, so slot 0's first Pending is overwritten by the third launch."""

from llmroute import kernels as K

import tilert as tr

bufs = [tr.zeros((64,), name="buf0"), tr.zeros((64,), name="buf1")]
outs = [tr.zeros((64,), name=f"out{i}") for i in range(3)]
slots = [None, None]
x = tr.arange(64)
for i in range(3):
    slots[i % 2] = K.scale(outs[i].partition((16,)), x, float(i)).submit()  # expect: TC108
for p in slots:
    p.wait()
