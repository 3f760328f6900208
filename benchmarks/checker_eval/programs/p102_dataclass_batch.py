"""A dataclass batch; the target is read while a copy into it is pending."""

from dataclasses import dataclass

import tilert as tr
from llm.kernels import copy


@dataclass
class Batch:
    x: tr.Tensor
    y: tr.Tensor


def main() -> None:
    batch = Batch(x=tr.ones((256,)), y=tr.zeros((256,)))
    pend = copy(batch.y.partition((64,)), batch.x).submit()
    target = batch.y.to_numpy()  # expect: TC102
    pend.wait()
    print(target[:2])


if __name__ == "__main__":
    main()
