"""Two-layer elementwise net; the hidden activation is passed on as a partition."""

from llmdelta import mul, relu

import tilert as tr

D = 512
x = tr.full((D,), -0.5)
w = tr.full((D,), 2.0)
hidden = tr.zeros((D,))
out = tr.zeros((D,))

hidden_p = hidden.partition((128,))
relu(out.partition((128,)), hidden_p).sync()  # expect: TC106
mul(hidden_p, x, w).sync()
print(out.to_numpy()[0])
