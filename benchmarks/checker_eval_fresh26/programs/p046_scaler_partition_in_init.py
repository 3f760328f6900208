import numpy as np
from llmfjord import scale

import tilert as tr


class OutputScaler:
    """Scales logits by 1/temperature into a buffer it owns."""

    def __init__(self, vocab: int, temperature: float) -> None:
        self.out = tr.zeros((vocab,), name="scaled_logits")
        self.tiles = self.out.partition((256,))
        self.inv_t = 1.0 / temperature

    def __call__(self, logits: tr.Tensor) -> tr.Tensor:
        scale(self.tiles, logits, self.inv_t).sync()
        return self.out


scaler = OutputScaler(vocab=2048, temperature=0.8)
print("initial buffer:", scaler.out.to_numpy()[:2])  # expect: TC104
logits = tr.from_numpy(np.linspace(-4, 4, 2048, dtype=np.float32))
print(scaler(logits).to_numpy()[:2])
