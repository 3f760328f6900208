# chain a scale and an add on one partition, then try to reuse the partition for a reset
from llmdeck.kernels import accumulate, fill, scale

import tilert as tr

N = 64
x = tr.arange(N)
y = tr.zeros((N,))
yp = y.partition((16,))
scale(yp, x, 2.0).then(lambda p, *_: accumulate(p, x)).sync()
print(y.to_numpy()[:4])
fill(yp, 0.0).sync()  # expect: TC109
