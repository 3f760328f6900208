from hostkit import accumulate, add

import tilert as tr

N = 1024


def fused_add_twice(out_part, x, y):
    add(out_part, x, y).sync()
    accumulate(out_part, y).sync()  # expect: TC109


x = tr.arange(N)
y = tr.ones((N,))
z = tr.empty((N,))
fused_add_twice(z.partition((128,)), x, y)  # expect-also: TC109
print(z.to_numpy()[:3])
