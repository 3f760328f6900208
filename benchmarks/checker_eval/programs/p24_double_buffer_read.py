"""Double buffering where the freshly written buffer is logged before its wait."""

import tilert as tr
from llm.kernels import copy


def main() -> None:
    front, back = tr.ones((256,)), tr.zeros((256,))
    log = []
    for _ in range(4):
        pend = copy(back.partition((64,)), front).submit()
        front, back = back, front
        log.append(float(front.to_numpy()[0]))  # expect: TC102
        pend.wait()
    print(log)


if __name__ == "__main__":
    main()
