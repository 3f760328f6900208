from hostkit import accumulate

import tilert as tr

N = 2048
acc = tr.zeros((N,), name="acc")
ones = tr.ones((N,))

acc_tiles = acc.partition((128,))
print("acc before:", acc.to_numpy().sum())  # expect: TC104
accumulate(acc_tiles, ones).sync()
print("acc after:", acc.to_numpy().sum())
