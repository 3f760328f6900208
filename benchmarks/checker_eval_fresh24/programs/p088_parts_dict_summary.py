"""A layer that caches its output partitions in a dict and prints a summary before running."""

import numpy as np
from llmbasin import relu, scale

import tilert as tr

D = 512


class Layer:
    def __init__(self) -> None:
        self.pre = tr.zeros((D,), name="pre")
        self.out = tr.zeros((D,), name="out")
        self.parts: dict[str, tr.Partition] = {}

    def prepare(self) -> None:
        self.parts["pre"] = self.pre.partition((128,))
        self.parts["out"] = self.out.partition((128,))

    def summary(self) -> str:
        return f"out mean {float(self.out.to_numpy().mean()):.3f}"  # expect: TC104

    def run(self, x: tr.Tensor) -> None:
        scale(self.parts.pop("pre"), x, 2.0).sync()
        relu(self.parts.pop("out"), self.pre).sync()


def main() -> None:
    layer = Layer()
    x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
    layer.prepare()
    print(layer.summary())  # expect-also: TC104
    layer.run(x)


if __name__ == "__main__":
    main()
