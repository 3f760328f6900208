"""A streaming server emits each request's partial output through a callback built by a closure
over the output buffer; each callback fires once its request's step is waited."""

from collections.abc import Callable

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 32, 128
rng = np.random.default_rng(24)
w = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))


def make_emitter(request_id: int, logits: tr.Tensor, sink: list) -> Callable[[], None]:
    def emit() -> None:
        sink.append((request_id, int(logits.to_numpy()[0].argmax())))

    return emit


sink: list = []
states = [tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32)) for _ in range(3)]
outs = [tr.empty((1, VOCAB), name=f"logits{i}") for i in range(3)]
emitters = [make_emitter(i, outs[i], sink) for i in range(3)]
pending = [tk.linear(outs[i], states[i], w).submit() for i in range(3)]
for p, emit in zip(pending, emitters, strict=True):
    p.wait()
    emit()
print(sink)
