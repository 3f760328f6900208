from hostkit import launch_add

import tilert as tr

n = 4096
x, y = tr.arange(n), tr.ones((n,))
z = tr.empty((n,))

op = launch_add(z, x, y)
pending = op.submit()
# ... host work ...
op.sync()  # expect: TC110
print(z.to_numpy()[-1])
