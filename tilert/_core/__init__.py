"""The runtime's internals under the public modules: ownership (borrows and their holders),
storage (host array or device memory behind a Tensor), kernel validation (the TC2xx rules at
decoration), ``@tr.function``, graph-capture state and user call sites. Nothing here is public
API; the launch path built on them is ``tilert._launch``."""
