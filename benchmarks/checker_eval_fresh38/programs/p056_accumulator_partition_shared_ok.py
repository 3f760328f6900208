from trainkit import TILE, accumulate

import tilert as tr


class GradBucket:
    def __init__(self, n: int) -> None:
        self.total = tr.zeros((n,), name="bucket")

    def add(self, g: tr.Tensor) -> None:
        accumulate(self.total.partition((TILE,)), g).sync()


bucket = GradBucket(1024)
for i in range(3):
    bucket.add(tr.full((1024,), float(i)))
print(bucket.total.to_numpy()[0])
