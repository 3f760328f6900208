"""A job object: start() submits into self.out, finish() waits. The caller peeks too early."""

import tilert as tr
from llm.kernels import copy


class Job:
    def __init__(self, n: int) -> None:
        self.src = tr.ones((n,))
        self.out = tr.zeros((n,))
        self.pending = None

    def start(self) -> None:
        self.pending = copy(self.out.partition((64,)), self.src).submit()

    def finish(self) -> None:
        self.pending.wait()


def main() -> None:
    job = Job(512)
    job.start()
    snapshot = job.out.to_numpy()  # expect: TC102
    job.finish()
    print(snapshot[:2])


if __name__ == "__main__":
    main()
