"""A captured decode graph replayed per token; the sampler reads the logits after each replay's
wait, with the graph still open."""

from llmweave.kernels import scale

import tilert as tr


class Decoder:
    def __init__(self) -> None:
        self.x = tr.ones((64,))
        self.logits = tr.zeros((64,), name="logits")
        self.g = tr.graph()
        with self.g:
            self.g.record(scale(self.logits.partition((16,)), self.x, 2.0))

    def next_token(self) -> int:
        self.g.launch().wait()
        return int(self.logits.to_numpy().argmax())  # expect: TC102


d = Decoder()
print([d.next_token() for _ in range(2)])  # expect-also
d.g.close()
