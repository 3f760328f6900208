"""Software pipelining: submit step i, then wait step i-1."""

import tilert as tr
from llm.kernels import copy


def main() -> None:
    inputs = [tr.full((256,), float(i)) for i in range(5)]
    outputs = [tr.zeros((256,)) for _ in range(5)]
    prev = None
    for inp, out in zip(inputs, outputs):
        pend = copy(out.partition((64,)), inp).submit()
        if prev is not None:
            prev.wait()
        prev = pend
    if prev is not None:
        prev.wait()
    print([float(o.to_numpy()[0]) for o in outputs])


if __name__ == "__main__":
    main()
