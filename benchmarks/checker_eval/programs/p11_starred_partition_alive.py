"""Starred unpacking of a list of buffers; the head's partition is made early and kept."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    head, *tail = [tr.zeros((256,)) for _ in range(3)]
    part = head.partition((64,))
    norms = [float(t.to_numpy().sum()) for t in tail]
    print(head.to_numpy()[:2], norms)  # expect: TC104
    scale(part, 2.0).sync()


if __name__ == "__main__":
    main()
