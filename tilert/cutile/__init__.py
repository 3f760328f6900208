"""The cutile backend: kernels lowered to cuTile Python and launched on the GPU."""
