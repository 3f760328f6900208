from hostkit import scale

import tilert as tr


class Normalizer:
    def __init__(self, n, tile=256):
        self.out = tr.empty((n,), name="normalized")
        self.tile = tile

    def run(self, x, factor):
        scale(self.out.partition((self.tile,)), x, factor).sync()
        return self.out

    def peek(self):
        return self.out.to_numpy()[:4]


norm = Normalizer(1024)
print("after:", norm.run(tr.ones((1024,)), 0.5).to_numpy()[:4])
print("peek:", norm.peek())
