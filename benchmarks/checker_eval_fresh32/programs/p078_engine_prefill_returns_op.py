"""An engine whose `prefill` returns the lazy op (for callers that want to chain it); a caller
written for eager code calls it and moves on."""

import numpy as np
from llmcraft import scale

import tilert as tr

D = 256


class Engine:
    def __init__(self) -> None:
        self.kv = tr.zeros((D,), name="kv")

    def prefill(self, prompt: tr.Tensor) -> tr.Op:
        return scale(self.kv.partition((64,)), prompt, 1.0)  # expect: TC105

    def decode_ready(self) -> bool:
        return True


engine = Engine()
prompt = tr.from_numpy(np.arange(D, dtype=np.float32), name="prompt")
engine.prefill(prompt)  # expect-also: TC105
print("ready", engine.decode_ready())
