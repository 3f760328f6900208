"""A layer reserves its output's partition in prepare() and launches in run(); a stats() call
in between reads the output while the reserved partition is alive."""

from __future__ import annotations

from llmkit.kernels import fill

import tilert as tr


class Layer:
    def __init__(self) -> None:
        self.out = tr.zeros((256,), name="out")
        self.part: tr.Partition | None = None

    def prepare(self) -> None:
        self.part = self.out.partition((64,))

    def stats(self) -> float:
        return float(self.out.to_numpy().sum())  # expect: TC104

    def run(self, value: float) -> None:
        assert self.part is not None
        fill(self.part, value).sync()
        self.part = None


def main() -> None:
    layer = Layer()
    layer.prepare()
    print("before:", layer.stats())  # expect-also
    layer.run(1.0)


if __name__ == "__main__":
    main()
