"""Work on a side stream: the caller synchronizes the stream instead of waiting the Pending,
and drops the Pending."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


def prefill_on(stream: tr.Stream, kv: tr.Tensor, prompt: tr.Tensor) -> None:
    pending = k.copy(kv.partition((16,)), prompt).submit(stream)  # expect: TC108
    stream.synchronize()
    del pending


side = tr.Stream()
kv = tr.zeros((64,))
prompt = tr.full((64,), 7.0)
prefill_on(side, kv, prompt)
print("prefilled")
