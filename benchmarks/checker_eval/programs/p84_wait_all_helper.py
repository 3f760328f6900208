"""A module-level wait_all helper waits a list of Pendings before the reads."""

import tilert as tr
from llm.kernels import axpy


def wait_all(pendings: list[tr.Pending]) -> None:
    for p in pendings:
        p.wait()


def main() -> None:
    x = tr.ones((256,))
    outs = [tr.zeros((256,)) for _ in range(3)]
    pendings = [axpy(o.partition((64,)), x, 1.0).submit() for o in outs]
    wait_all(pendings)
    print([float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
