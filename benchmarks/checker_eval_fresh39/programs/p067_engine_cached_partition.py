"""An engine caching its output partition in __init__ to keep the hot loop short; the second
step reuses the consumed partition."""

import numpy as np
from servekit import scale_into

import tilert as tr
import tilert.kernels as tk

DIM = 64


class Engine:
    def __init__(self) -> None:
        self.x = tr.from_numpy(np.linspace(0, 1, DIM, dtype=np.float32))
        self.y = tr.empty((DIM,), name="y")
        self.y_part = self.y.partition((32,))
        self.steps = 0

    def step(self, temperature: float) -> None:
        scale_into(self.y_part, self.x, 1.0 / temperature).sync()  # expect: TC109
        self.steps += 1


engine = Engine()
for t in (1.0, 0.7):
    engine.step(t)  # expect-also: TC109
probs = tr.empty((1, DIM))
tk.softmax(probs, engine.y.reshape(1, DIM)).sync()
print(engine.steps, probs.to_numpy().sum())
