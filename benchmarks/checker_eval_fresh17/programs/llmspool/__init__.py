"""llmspool: small elementwise kernels and host helpers for the seventeenth held-out set."""
