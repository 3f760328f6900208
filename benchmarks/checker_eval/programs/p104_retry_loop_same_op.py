"""A retry loop that runs the op built before the loop on every attempt."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    buf = tr.ones((256,))
    op = scale(buf.partition((64,)), 2.0)
    attempt = 0
    while attempt < 2:
        op.sync()  # expect: TC110
        attempt += 1
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main()
