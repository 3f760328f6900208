"""A forward hook that records activation statistics, registered on a module as PyTorch hooks
are; the module calls its hooks right after submitting its output projection."""

from collections.abc import Callable

import numpy as np

import tilert as tr
import tilert.kernels as tk

Hook = Callable[[str, tr.Tensor], None]


class Linear:
    def __init__(self, name: str, in_f: int, out_f: int, rng: np.random.Generator) -> None:
        self.name = name
        self.weight = tr.from_numpy((rng.standard_normal((out_f, in_f)) * 0.1).astype(np.float32))
        self.hooks: list[Hook] = []

    def __call__(self, x: tr.Tensor, out: tr.Tensor) -> tr.Pending:
        pending = tk.linear(out, x, self.weight).submit()
        for hook in self.hooks:
            hook(self.name, out)  # expect-also: TC102
        return pending


stats: dict[str, float] = {}


def record_absmax(name: str, t: tr.Tensor) -> None:
    stats[name] = float(np.abs(t.to_numpy()).max())  # expect: TC102


rng = np.random.default_rng(42)
proj = Linear("o_proj", 32, 32, rng)
proj.hooks.append(record_absmax)
y = tr.empty((4, 32))
proj(tr.from_numpy(rng.standard_normal((4, 32)).astype(np.float32)), y).wait()  # expect-also: TC102
print(stats)
