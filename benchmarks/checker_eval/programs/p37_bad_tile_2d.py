"""Row softmax over a (64, 96) score matrix with a tile that is not a power of two."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    scores = tr.ones((64, 96))
    scale(scores.partition((1, 96)), 0.125).sync()  # expect: TC107
    print(scores.to_numpy()[0, 0])


if __name__ == "__main__":
    main()
