"""Ops built in a comprehension and run together with tr.zip."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(4)]
    x = tr.ones((256,))
    ops = [axpy(o.partition((64,)), x, float(i)) for i, o in enumerate(outs)]
    tr.zip(*ops).sync()
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
