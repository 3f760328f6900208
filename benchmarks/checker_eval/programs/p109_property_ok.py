"""A head exposes its logits through a property; they are read after the wait."""

import tilert as tr
from llm.kernels import mul


class LMHead:
    def __init__(self, vocab: int) -> None:
        self._logits = tr.zeros((vocab,))
        self.w = tr.full((vocab,), 0.5)

    @property
    def logits(self) -> tr.Tensor:
        return self._logits

    def project(self, h: tr.Tensor) -> tr.Pending:
        return mul(self._logits.partition((128,)), h, self.w).submit()


def main() -> None:
    head = LMHead(512)
    pend = head.project(tr.ones((512,)))
    pend.wait()
    print(head.logits.to_numpy().argmax())


if __name__ == "__main__":
    main()
