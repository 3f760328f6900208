"""A launcher class that stages its output partition in `prepare()` and launches in `run()`;
a debug `report()` in between reads the output tensor."""

from servekit import add

import tilert as tr


class StagedAdd:
    def __init__(self, n: int) -> None:
        self.a = tr.full((n,), 1.5, name="a")
        self.b = tr.full((n,), 2.5, name="b")
        self.out = tr.zeros((n,), name="out")
        self.out_p: tr.Partition | None = None

    def prepare(self) -> None:
        self.out_p = self.out.partition((32,))

    def report(self) -> str:
        return f"out[0]={float(self.out.to_numpy()[0])}"  # expect: TC104

    def run(self) -> None:
        assert self.out_p is not None
        add(self.out_p, self.a, self.b).sync()
        self.out_p = None


job = StagedAdd(64)
job.prepare()
print("before:", job.report())  # expect-also: TC104
job.run()
print("after:", job.report())
