"""DLPack under the tensor: the ABI (capsules, ``abi``), the memory of tilert tensors that other
frameworks can reach (``aliases``) and ``Tensor.__dlpack__`` (``export``). Importing foreign
memory (``tr.from_dlpack``) sits above the tensor, in ``tilert.interop``."""
