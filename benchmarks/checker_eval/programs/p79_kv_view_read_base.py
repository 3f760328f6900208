"""K is written through a view of the KV tensor; the whole KV tensor is read meanwhile."""

import tilert as tr
from llm.kernels import fill


def main(seq: int = 128) -> None:
    kv = tr.zeros((2, seq))
    k_view = kv[0]
    pend = fill(k_view.partition((64,)), 1.0).submit()
    total = kv.to_numpy().sum()  # expect: TC102
    pend.wait()
    print(total)


if __name__ == "__main__":
    main()
