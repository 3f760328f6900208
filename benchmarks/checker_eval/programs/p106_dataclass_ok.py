"""A dataclass batch processed with synced ops, then read."""

from dataclasses import dataclass, field

import tilert as tr
from llm.kernels import add, scale


@dataclass
class Batch:
    x: tr.Tensor
    y: tr.Tensor
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((256,)))


def main() -> None:
    batch = Batch(tr.ones((256,)), tr.full((256,), 3.0))
    add(batch.out.partition((64,)), batch.x, batch.y).sync()
    scale(batch.out.partition((64,)), 0.25).sync()
    print(batch.out.to_numpy()[0])


if __name__ == "__main__":
    main()
