"""Metadata and Shared inputs stay readable while an op writes the output."""

import tilert as tr
from llm.kernels import add


def main() -> None:
    x, y = tr.ones((256,)), tr.full((256,), 2.0)
    out = tr.zeros((256,))
    pend = add(out.partition((64,)), x, y).submit()
    print(out.shape, out.dtype, x.to_numpy()[0], y.to_numpy().sum())
    pend.wait()
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
