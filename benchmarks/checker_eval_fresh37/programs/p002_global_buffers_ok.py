from hostkit import accumulate

import tilert as tr

N = 2048
acc = tr.zeros((N,), name="acc")
ones = tr.ones((N,))

print("acc before:", acc.to_numpy().sum())
acc_tiles = acc.partition((128,))
accumulate(acc_tiles, ones).sync()
print("acc after:", acc.to_numpy().sum())
