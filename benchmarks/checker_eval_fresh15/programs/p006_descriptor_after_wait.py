"""A descriptor exposing a head's logits as a numpy array, read after the head's wait."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr


class HostView:
    def __set_name__(self, owner: type, name: str) -> None:
        self.attr = "_" + name

    def __get__(self, obj: object, objtype: type | None = None) -> np.ndarray:
        return obj.__dict__[self.attr].to_numpy()


class Head:
    logits = HostView()

    def __init__(self, n: int) -> None:
        self._logits = tr.zeros((n,))

    def launch(self, x: tr.Tensor):
        return K.relu(tiles(self._logits), x).submit()


head = Head(32)
xs = np.linspace(-1, 1, 32).astype(np.float32)
done = head.launch(vec(xs))
done.wait()
assert int(np.argmax(head.logits)) == 31
assert np.allclose(head.logits, np.maximum(xs, 0))
