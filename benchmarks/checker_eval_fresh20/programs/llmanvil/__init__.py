"""llmanvil: small f32 kernels and host helpers for the twentieth held-out set."""
