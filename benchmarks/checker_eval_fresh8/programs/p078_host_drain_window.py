"""A window of in-flight copies kept in a deque (at most two), drained by the package's helper
at the end."""

from collections import deque

import llmweave.host as h

import tilert as tr

src = [tr.full((64,), float(i)) for i in range(6)]
dst = [tr.zeros((64,)) for _ in range(6)]
window: deque[tr.Pending] = deque()
for s, d in zip(src, dst, strict=True):
    window.append(h.copy_async(d, s))
    if len(window) > 2:
        window.popleft().wait()
h.drain(window)
assert [float(d.to_numpy()[0]) for d in dst] == [float(i) for i in range(6)]
print("window drained")
