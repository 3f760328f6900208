"""Pipeline schedule with a ring of two activation buffers. Stage 0 writes act[i % 2] for
microbatch i; the window only waits stage-0 Pendings, so stage 1's read of act[i % 2] from
microbatch i - 2 is still in flight when stage 0 takes that buffer again."""

from collections import deque

from llmroute import kernels as K

import tilert as tr

s_fwd, s_next = tr.Stream(), tr.Stream()
act = [tr.zeros((64,), name="act0"), tr.zeros((64,), name="act1")]
out = [tr.zeros((64,), name=f"out{i}") for i in range(4)]
fwd_window = deque()
consumers = []

for i in range(4):
    if len(fwd_window) == 2:
        fwd_window.popleft().wait()
    buf = act[i % 2]
    fwd_window.append(K.fill(buf.partition((16,)), float(i)).submit(s_fwd))  # expect: TC103
    consumers.append(K.scale(out[i].partition((16,)), buf, 0.5).submit(s_next))

for p in [*fwd_window, *consumers]:
    p.wait()
