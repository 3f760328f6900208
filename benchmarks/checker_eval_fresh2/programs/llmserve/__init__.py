"""llmserve: a few tile kernels for the inference-serving programs of this held-out set."""
