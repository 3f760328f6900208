"""(src, dst) pairs unpacked in a loop and again with a starred target."""

import tilert as tr
from llm.kernels import copy


def main() -> None:
    pairs = [(tr.full((256,), float(i)), tr.zeros((256,))) for i in range(3)]
    for i, (src, dst) in enumerate(pairs):
        copy(dst.partition((64,)), src).sync()
    (first_src, first_dst), *others = pairs
    print(first_dst.to_numpy().sum(), [float(d.to_numpy()[0]) for _, d in others])


if __name__ == "__main__":
    main()
