"""Chain a scale after an add; log after the chain has run."""

from llmcove import add, scale

import tilert as tr

n = 2048
x = tr.arange(n)
y = tr.ones((n,))
z = tr.empty((n,))

add(z.partition((512,)), x, y).then(lambda zp, *_: scale(zp, 0.5)).sync()
print("after add and scale:", z.to_numpy()[:4])
