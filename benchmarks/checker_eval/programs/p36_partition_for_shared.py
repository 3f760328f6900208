"""Copying between two buffers, with the source passed as a partition too."""

import tilert as tr
from llm.kernels import copy


def main() -> None:
    src = tr.ones((256,))
    dst = tr.zeros((256,))
    copy(dst.partition((64,)), src.partition((64,))).sync()  # expect: TC106
    print(dst.to_numpy()[0])


if __name__ == "__main__":
    main()
