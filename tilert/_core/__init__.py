"""The runtime's internals, under the public modules: ownership (borrows and their holders),
storage (host array or device memory behind a Tensor), the launch path, kernel validation,
graph-capture state and user call sites. Nothing here is public API."""
