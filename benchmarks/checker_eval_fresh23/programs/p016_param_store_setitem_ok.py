"""A parameter store: `store[name] = array` reloads a weight on the device."""

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import mul

import tilert as tr


class ParamStore(dict):
    def __setitem__(self, name, value):
        if name in self and isinstance(value, np.ndarray):
            self[name].copy_from(value)
        else:
            super().__setitem__(name, value)


store = ParamStore()
store["gate"] = tr.from_numpy(np.ones(256, dtype=np.float32))
x = tr.from_numpy(np.arange(256, dtype=np.float32))
y = tr.zeros((256,))
gated = mul(tiles(y), x, store["gate"]).submit()
gated.wait()
store["gate"] = np.full(256, 0.5, dtype=np.float32)
mul(tiles(y), x, store["gate"]).sync()
np.testing.assert_allclose(y.to_numpy(), 0.5 * np.arange(256, dtype=np.float32))
