"""A prompt stager reuses one host-visible input buffer: the next prompt is copied in while the
previous prefill still reads it."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr


class PromptStager:
    def __init__(self, n: int) -> None:
        self.input = tr.zeros((n,), name="input_ids")
        self.outputs = [tr.zeros((n,)) for _ in range(2)]
        self.flights: list[tr.Pending] = []

    def prefill(self, i: int, prompt: np.ndarray) -> None:
        self.input.copy_from(prompt)  # expect: TC103
        out = self.outputs[i % 2]
        self.flights.append(scale(out.partition((16,)), self.input, 1.0).submit())


stager = PromptStager(64)
prompts = [np.full(64, i, np.float32) for i in range(2)]
for i, prompt in enumerate(prompts):
    stager.prefill(i, prompt)  # expect-also
for f in stager.flights:
    f.wait()
