"""Software pipelining that reads the previous output before waiting for it."""

import tilert as tr
from llm.kernels import copy


def main() -> None:
    inputs = [tr.full((256,), float(i)) for i in range(4)]
    outputs = [tr.zeros((256,)) for _ in range(4)]
    results = []
    prev = None
    prev_out = None
    for inp, out in zip(inputs, outputs):
        pend = copy(out.partition((64,)), inp).submit()
        if prev is not None:
            results.append(float(prev_out.to_numpy().sum()))  # expect: TC102
            prev.wait()
        prev, prev_out = pend, out
    prev.wait()
    print(results)


if __name__ == "__main__":
    main()
