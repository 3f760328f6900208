"""Build a dict of named ops for one step, then run them by name."""

from llmdelta import add, relu, scale

import tilert as tr

H = 256
x = tr.ones((H,), name="x")
bias = tr.full((H,), 0.5, name="bias")
h = tr.zeros((H,), name="h")
y = tr.zeros((H,), name="y")
z = tr.zeros((H,), name="z")

ops = {
    "bias": add(h.partition((64,)), x, bias),
    "act": relu(y.partition((64,)), x),
    "scale": scale(z.partition((64,)), x, 3.0),
}
for name in ("bias", "act", "scale"):
    ops.pop(name).sync()
print(h.to_numpy()[0], y.to_numpy()[0], z.to_numpy()[0])
