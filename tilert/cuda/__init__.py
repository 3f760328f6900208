"""CUDA plumbing through cuda.core and cuda.bindings' driver API: the device context, device
memory, the driver calls of streams, events, graphs, and NVRTC for ``tr.cuda_kernel``. Nothing
here knows tilert's tensors, ops or ownership; cuda-python is imported on first use, so
importing this package needs no GPU."""
