"""A hidden-state wrapper implementing __array__; np.asarray(state) is called mid-update."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class State:
    def __init__(self, n: int) -> None:
        self.buf = tr.ones(n)

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
        return self.buf.to_numpy()  # expect: TC102

    def update(self, delta: tr.Tensor[tr.f32]) -> tr.Pending[Any, Any]:
        return K.accum(tiles(self.buf), delta).submit()


state = State(128)
step = state.update(tr.arange(128))
snapshot = np.asarray(state)  # expect-also
step.wait()
print(snapshot.sum())
