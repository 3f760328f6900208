"""Two scalings zipped with one partition passed to both."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    buf = tr.ones((256,))
    p = buf.partition((64,))
    first = scale(p, 2.0)
    second = scale(p, 3.0)  # expect: TC109
    tr.zip(first, second).sync()
    print(buf.to_numpy()[0])


if __name__ == "__main__":
    main()
