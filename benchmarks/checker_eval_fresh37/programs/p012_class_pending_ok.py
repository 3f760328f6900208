from hostkit import accumulate

import tilert as tr


class RunningSum:
    """Adds each pushed vector into a device accumulator, asynchronously."""

    def __init__(self, n):
        self.total = tr.zeros((n,), name="total")
        self.pending = None

    def push(self, v):
        if self.pending is not None:
            self.pending.wait()
        self.pending = accumulate(self.total.partition((256,)), v).submit()

    def value(self):
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        return self.total.to_numpy().copy()


rs = RunningSum(1024)
for k in range(3):
    rs.push(tr.full((1024,), float(k)))
print(rs.value()[:2])
