"""A logits processor pipeline as classes, as generation libraries write them: temperature
scaling into a work buffer, then a repetition penalty applied in place on the raw logits."""

import numpy as np
from infercore import scale

import tilert as tr


class TemperatureWarper:
    def __init__(self, temperature: float) -> None:
        self.temperature = temperature

    def __call__(self, logits: tr.Tensor, out: tr.Tensor) -> tr.Pending:
        _, vocab = logits.shape
        return scale(out.partition((1, vocab)), logits, 1.0 / self.temperature).submit()


class RepetitionPenalty:
    def __init__(self, penalty: float) -> None:
        self.penalty = penalty

    def __call__(self, logits: tr.Tensor, seen: tr.Tensor) -> None:
        _, vocab = logits.shape
        scale(logits.partition((1, vocab)), seen, 1.0 / self.penalty).sync()  # expect: TC103


rng = np.random.default_rng(22)
logits = tr.from_numpy(rng.standard_normal((2, 64)).astype(np.float32))
seen = tr.from_numpy(rng.standard_normal((2, 64)).astype(np.float32))
warped = tr.empty((2, 64), name="warped")
warp = TemperatureWarper(0.8)
penalize = RepetitionPenalty(1.2)

pending = warp(logits, warped)
penalize(logits, seen)  # expect-also: TC103
pending.wait()
print(warped.to_numpy()[:, :4], logits.to_numpy()[:, :4])
