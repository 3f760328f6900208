"""Scale logits by a temperature before sampling."""

import numpy as np
from llmforge import scale

import tilert as tr


def apply_temperature(logits: tr.Tensor, out: tr.Tensor, temperature: float) -> None:
    scale(out, logits, 1.0 / temperature).sync()  # expect: TC106


def main() -> None:
    logits = tr.from_numpy(np.random.default_rng(5).standard_normal(1024).astype(np.float32))
    scaled = tr.empty((1024,))
    apply_temperature(logits, scaled, 0.7)  # expect-also: TC106
    probs = np.exp(scaled.to_numpy())
    probs /= probs.sum()
    print("argmax token:", int(probs.argmax()))


main()
