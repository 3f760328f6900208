"""Chain a scale after an add and log the intermediate from the callback."""

from llmcove import add, scale

import tilert as tr

n = 2048
x = tr.arange(n)
y = tr.ones((n,))
z = tr.empty((n,))


def log_and_scale(zp, *_):
    print("after add:", z.to_numpy()[:4])  # expect: TC102
    return scale(zp, 0.5)


add(z.partition((512,)), x, y).then(log_and_scale).sync()  # expect-also: TC102
print(z.to_numpy()[:4])
