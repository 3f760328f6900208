"""Two-layer elementwise net; the hidden activation is read as a tensor by the second layer."""

from llmdelta import mul, relu

import tilert as tr

D = 512
x = tr.full((D,), -0.5)
w = tr.full((D,), 2.0)
hidden = tr.zeros((D,))
out = tr.zeros((D,))

hidden_p = hidden.partition((128,))
mul(hidden_p, x, w).sync()
relu(out.partition((128,)), hidden).sync()
assert out.to_numpy()[0] == 0.0 and hidden.to_numpy()[0] == -1.0
print(out.to_numpy()[0])
