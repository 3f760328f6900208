from trainkit import TILE, accumulate, scale

import tilert as tr

acc = tr.zeros((1024,), name="acc")
x = tr.ones((1024,), name="x")

acc_tiles = acc.partition((TILE,))
accumulate(acc_tiles, x).then(lambda p, *_: scale(p, 0.5)).sync()
accumulate(acc_tiles, x).sync()  # expect: TC109
print(acc.to_numpy()[0])
