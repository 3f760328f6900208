"""LoRA adapter manager: the active adapter buffer is swapped only after the decode step that
reads it has been waited."""

from __future__ import annotations

import numpy as np
from llmroute import kernels as K

import tilert as tr

DIM = 64


class AdapterManager:
    def __init__(self, adapters: dict[str, np.ndarray]) -> None:
        self.host = adapters
        self.active = tr.zeros((DIM,), name="lora_active")
        self.current = ""

    def activate(self, name: str) -> None:
        if name != self.current:
            self.active.copy_from(self.host[name])
            self.current = name


mgr = AdapterManager({n: np.full(DIM, v, np.float32) for n, v in [("sql", 1.0), ("chat", 2.0)]})
base = tr.ones((DIM,))
hidden = tr.zeros((DIM,), name="hidden")
results = []
for name in ["sql", "sql", "chat", "sql"]:
    mgr.activate(name)
    step = K.add(hidden.partition((16,)), base, mgr.active).submit()
    step.wait()
    results.append(float(hidden.to_numpy()[0]))
assert results == [2.0, 2.0, 3.0, 2.0]
print(results)
