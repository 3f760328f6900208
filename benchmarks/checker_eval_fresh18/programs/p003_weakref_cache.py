"""A weak-value cache of activation buffers by name: the lookup hands back the very tensor
an in-flight op still writes."""

import weakref

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Activations:
    def __init__(self) -> None:
        self._cache: weakref.WeakValueDictionary[str, tr.Tensor[tr.f32]] = (
            weakref.WeakValueDictionary()
        )

    def get(self, name: str, n: int) -> tr.Tensor[tr.f32]:
        t = self._cache.get(name)
        if t is None:
            t = tr.zeros((n,), name=name)
            self._cache[name] = t
        return t


acts = Activations()
x = vec(np.arange(256) / 256)
hidden = acts.get("hidden", 256)
p = K.relu(tiles(hidden), x).submit()
again = acts.get("hidden", 256)
print(again.to_numpy().sum())  # expect: TC102
p.wait()
