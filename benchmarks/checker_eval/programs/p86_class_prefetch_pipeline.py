"""A prefetcher class: issue() submits into one of two buffers, take() waits and reads it."""

import tilert as tr
from llm.kernels import copy


class Prefetcher:
    def __init__(self, n: int) -> None:
        self.bufs = [tr.zeros((n,)) for _ in range(2)]
        self.pending = None
        self.slot = 0

    def issue(self, src: tr.Tensor) -> None:
        self.pending = copy(self.bufs[self.slot].partition((64,)), src).submit()

    def take(self) -> float:
        self.pending.wait()
        value = float(self.bufs[self.slot].to_numpy()[0])
        self.slot = 1 - self.slot
        return value


def main() -> None:
    pf = Prefetcher(256)
    out = []
    for i in range(4):
        pf.issue(tr.full((256,), float(i)))
        out.append(pf.take())
    print(out)


if __name__ == "__main__":
    main()
