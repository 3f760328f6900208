"""A window of in-flight copies kept in `deque(maxlen=2)`: appending to a full deque silently
drops the oldest Pending."""

from collections import deque

from llmweave.kernels import copy

import tilert as tr

src = [tr.full((64,), float(i)) for i in range(3)]
dst = [tr.zeros((64,)) for _ in range(3)]
window: deque[tr.Pending] = deque(maxlen=2)
for s, d in zip(src, dst, strict=True):
    window.append(copy(d.partition((16,)), s).submit())  # expect: TC108
while window:
    window.popleft().wait()
print(dst[-1].to_numpy()[0])
