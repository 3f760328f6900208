"""A package helper builds an op; the caller syncs it and then reads."""

import tilert as tr
from llm.blocks import accumulate, make_add


def main() -> None:
    x, y = tr.ones((256,)), tr.full((256,), 2.0)
    out = tr.zeros((256,))
    op = make_add(out, x, y)
    op.sync()
    accumulate(out, x, 0.5)
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
