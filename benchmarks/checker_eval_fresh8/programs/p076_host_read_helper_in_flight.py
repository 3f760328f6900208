"""The package's async copy followed by its host-read helper, before the copy is waited."""

from llmweave import host

import tilert as tr

src = tr.full((64,), 4.0)
dst = tr.zeros((64,))
pending = host.copy_async(dst, src)
values = host.host_read(dst)  # expect: TC102
pending.wait()
print(values[:2])
