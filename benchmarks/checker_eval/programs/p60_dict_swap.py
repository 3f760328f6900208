"""Double buffering with a dict: bufs['cur'] and bufs['nxt'] swapped each step."""

import tilert as tr
from llm.kernels import axpy


def main() -> None:
    bufs = {"cur": tr.ones((256,)), "nxt": tr.zeros((256,))}
    one = tr.ones((256,))
    for _ in range(4):
        copy_op = axpy(bufs["nxt"].partition((64,)), one, 1.0)
        copy_op.sync()
        bufs["cur"], bufs["nxt"] = bufs["nxt"], bufs["cur"]
    print(bufs["cur"].to_numpy()[0])


if __name__ == "__main__":
    main()
