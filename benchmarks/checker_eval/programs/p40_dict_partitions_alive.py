"""Partitions prepared for every projection up front; q is read before they are launched."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    bufs = {"q": tr.ones((256,)), "k": tr.ones((256,)), "v": tr.ones((256,))}
    parts = {name: t.partition((64,)) for name, t in bufs.items()}
    print(bufs["q"].to_numpy()[:2])  # expect: TC104
    for p in parts.values():
        scale(p, 2.0).sync()


if __name__ == "__main__":
    main()
