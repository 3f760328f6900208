from hostkit import add

import tilert as tr

N, TILE = 1024, 128
x = tr.arange(N)
y = tr.ones((N,))
z = tr.empty((N,))

x_tiles = x.partition((TILE,))
z_tiles = z.partition((TILE,))
add(z_tiles, x_tiles, y).sync()  # expect: TC106
print(z.to_numpy()[:3])
