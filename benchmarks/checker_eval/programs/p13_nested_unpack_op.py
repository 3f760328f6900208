"""Nested tuple unpacking of inputs; the output is read between making the op and running it."""

import tilert as tr
from llm.kernels import add


def main() -> None:
    (x, y), out = (tr.ones((256,)), tr.ones((256,))), tr.zeros((256,))
    op = add(out.partition((64,)), x, y)
    res = out.to_numpy()  # expect: TC102
    op.sync()
    print(res[:2])


if __name__ == "__main__":
    main()
