"""A gated MLP's silu_and_mul output summarised by a dataclass before its wait."""

from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk


@dataclass
class MLPTrace:
    act: tr.Tensor

    def summary(self) -> float:
        return float(np.abs(self.act.to_numpy()).mean())  # expect: TC102


gate_up = tr.from_numpy(np.linspace(-1, 1, 4 * 128, dtype=np.float32).reshape(4, 128))
trace = MLPTrace(tr.zeros((4, 64)))
pending = tk.silu_and_mul(trace.act, gate_up).submit()
print(trace.summary())  # expect-also
pending.wait()
