from tilekit import add

import tilert as tr

z = tr.zeros((1024,))
a = tr.arange(1024)
b = tr.ones((1024,))

tiles = z.partition((128,))
head = z[:4]
print("head before", head.to_numpy())  # expect: TC104
add(tiles, a, b).sync()
print("head after", head.to_numpy())
