"""A decode engine with an audit hook: the class's after_launch() does nothing, and the script
binds an auditing function onto the instance with types.MethodType; the hook runs after the
wait."""

from __future__ import annotations

import types

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

VOCAB = 256


class Engine:
    def __init__(self) -> None:
        self.hidden = upload(np.tanh(np.arange(VOCAB) / 50.0), name="hidden")
        self.logits = tr.zeros(VOCAB, name="logits")
        self.peaks: list[float] = []

    def after_launch(self) -> None:
        """Hook: runs after each launch is submitted."""

    def decode(self, steps: int) -> list[int]:
        out = []
        for step in range(steps):
            pending = K.scale(tiles(self.logits), self.hidden, 1.0 / (step + 1)).submit()
            pending.wait()
            self.after_launch()
            out.append(int(np.argmax(self.logits.to_numpy())))
        return out


def audit(self: Engine) -> None:
    self.peaks.append(float(self.logits.to_numpy().max()))


engine = Engine()
engine.after_launch = types.MethodType(audit, engine)
print(engine.decode(2), engine.peaks)
