"""A copy helper called with the same tensor as destination and source."""

import tilert as tr
from llm.kernels import copy


def copy_into(dst: tr.Tensor, src: tr.Tensor) -> None:
    copy(dst.partition((64,)), src).sync()


def main() -> None:
    h = tr.ones((256,))
    tmp = tr.zeros((256,))
    copy_into(tmp, h)
    copy_into(h, h)  # expect: TC101
    print(tmp.to_numpy()[0])


if __name__ == "__main__":
    main()
