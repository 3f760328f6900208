"""A decode engine that owns its buffers and launches in its methods; the caller waits for the
step before reading the logits."""

import numpy as np
from llmcraft import scale, silu

import tilert as tr

HIDDEN = 256


class DecodeEngine:
    def __init__(self, temperature: float = 0.7) -> None:
        self.temperature = temperature
        self.hidden = tr.from_numpy(np.linspace(-1.0, 1.0, HIDDEN, dtype=np.float32))
        self.act = tr.zeros((HIDDEN,), name="act")
        self.logits = tr.zeros((HIDDEN,), name="logits")

    def forward(self) -> None:
        silu(self.act.partition((64,)), self.hidden).sync()

    def step(self) -> tr.Pending:
        self.forward()
        return scale(self.logits.partition((64,)), self.act, 1.0 / self.temperature).submit()


def main() -> None:
    engine = DecodeEngine()
    pending = engine.step()
    pending.wait()
    top = int(np.argmax(engine.logits.to_numpy()))
    print("next token", top)


if __name__ == "__main__":
    main()
