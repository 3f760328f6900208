from tilekit import accumulate, add

import tilert as tr

n = 2048
x = tr.arange(n)
y = tr.ones((n,))
z = tr.empty((n,))

zp = z.partition((256,))
add(zp, x, y).then(lambda p, *_: accumulate(p, y)).sync()
# one more bias on top
accumulate(zp, y).sync()  # expect: TC109
print(z.to_numpy()[:3])
