from hostkit import scale

import tilert as tr


class Normalizer:
    def __init__(self, n, tile=256):
        self.out = tr.empty((n,), name="normalized")
        self.out_tiles = self.out.partition((tile,))

    def run(self, x, factor):
        scale(self.out_tiles, x, factor).sync()
        return self.out

    def peek(self):
        return self.out.to_numpy()[:4]  # expect: TC104


norm = Normalizer(1024)
print("before:", norm.peek())  # expect-also: TC104
print("after:", norm.run(tr.ones((1024,)), 0.5).to_numpy()[:4])
