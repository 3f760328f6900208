"""A cache class whose clear() builds the zeroing op and never runs it."""

import tilert as tr
from llm.kernels import fill


class Cache:
    def __init__(self, n: int) -> None:
        self.data = tr.ones((n,))

    def clear(self) -> None:
        fill(self.data.partition((64,)), 0.0)  # expect: TC105

    def total(self) -> float:
        return float(self.data.to_numpy().sum())


def main() -> None:
    c = Cache(256)
    c.clear()
    print(c.total())


if __name__ == "__main__":
    main()
