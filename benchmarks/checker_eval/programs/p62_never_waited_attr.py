"""A prefetcher keeps its Pending in an attribute and nobody ever waits for it."""

import tilert as tr
from llm.kernels import copy


class Prefetcher:
    def __init__(self, n: int) -> None:
        self.host_side = tr.full((n,), 4.0)
        self.staged = tr.zeros((n,))
        self.pending = None

    def prefetch(self) -> None:
        self.pending = copy(self.staged.partition((64,)), self.host_side).submit()  # expect: TC108


def main() -> None:
    pf = Prefetcher(256)
    pf.prefetch()
    print("prefetched")


if __name__ == "__main__":
    main()
