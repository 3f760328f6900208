import numpy as np
from hostkit import add, relu

import tilert as tr


class TinyDecoder:
    def __init__(self, d):
        self.d = d
        self.state = tr.from_numpy(np.linspace(-1, 1, d, dtype=np.float32))
        self.bias = tr.full((d,), 0.5)
        self.graph = None

    def capture(self):
        with tr.graph() as g:
            self.hidden = tr.empty((self.d,))  # expect: TC111
            g.record(relu(self.hidden.partition((128,)), self.state))
            self.logits = tr.empty((self.d,))
            g.record(add(self.logits.partition((128,)), self.hidden, self.bias))
        self.graph = g

    def step(self):
        self.graph.launch().wait()

    def close(self):
        self.graph.close()
        return self.logits.to_numpy()


dec = TinyDecoder(512)
dec.capture()  # expect-also: TC111
for _ in range(3):
    dec.step()
print(dec.close()[:4])
