"""Decode with a one-step lookahead: the next step is submitted before the host looks at the
current token, the Pending carried across iterations and waited at the top of the next one and
after the loop (on break as well)."""

from llmroute import kernels as K

import tilert as tr

STOP = 4.0
bufs = [tr.zeros((16,), name="tokA"), tr.zeros((16,), name="tokB")]
ones = tr.ones((16,))
inflight = K.fill(bufs[0].partition((16,)), 0.0).submit()
seen = []
i = 0
while True:
    inflight.wait()
    cur, nxt = bufs[i % 2], bufs[(i + 1) % 2]
    inflight = K.add(nxt.partition((16,)), cur, ones).submit()
    seen.append(float(cur.to_numpy()[0]))
    if seen[-1] >= STOP:
        break
    i += 1
inflight.wait()
assert seen == [0.0, 1.0, 2.0, 3.0, 4.0]
print(seen, float(bufs[(i + 1) % 2].to_numpy()[0]))
