/* The release of the DLPack tensors tilert exports: the capsule destructor and the deleter that
 * tilert/_dlpack/abi.py gives its capsules once tilert/_accel.py hands it these.
 *
 * Both may run while an exception is pending: a consumer that refuses a capsule (numpy given a
 * bf16 or CUDA one) drops it while raising, and a consumer may call a deleter while unwinding.
 * That exception is the caller's answer. These save it, call the Python release
 * (abi.release_export) and put it back; a ctypes callback cannot, since it must return with
 * no exception set (the caller then sees a SystemError). */

#include "fast.h"
#include <stdint.h>

/* abi.release_export: (address of the DLManagedTensor[Versioned]) -> None; set once by
 * dlpack_hooks, kept for the life of the process (capsules made before may outlive a reset) */
static PyObject *release;

/* Release the export at ``managed`` with the GIL held, any pending exception kept as it is. */
static void release_keeping_error(PyObject *capsule, void *managed) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (capsule != NULL) { /* unconsumed: still named dltensor[_versioned] */
        if (PyCapsule_IsValid(capsule, "dltensor_versioned"))
            managed = PyCapsule_GetPointer(capsule, "dltensor_versioned");
        else if (PyCapsule_IsValid(capsule, "dltensor"))
            managed = PyCapsule_GetPointer(capsule, "dltensor");
    }
    if (managed != NULL && release != NULL) {
        PyObject *address = PyLong_FromVoidPtr(managed);
        PyObject *r = address == NULL ? NULL : PyObject_CallOneArg(release, address);
        if (r == NULL)
            PyErr_WriteUnraisable(release);
        else
            Py_DECREF(r);
        Py_XDECREF(address);
    }
    PyErr_Restore(type, value, tb);
}

/* PyCapsule_Destructor: called with the GIL, from the capsule's deallocation. */
static void capsule_destructor(PyObject *capsule) { release_keeping_error(capsule, NULL); }

/* The DLManagedTensor[Versioned]'s deleter: DLPack lets a consumer call it from any thread,
 * without the GIL. After the interpreter is gone there is nothing left to free. */
static void deleter(void *managed) {
    if (!Py_IsInitialized()) return;
    PyGILState_STATE gil = PyGILState_Ensure();
    release_keeping_error(NULL, managed);
    PyGILState_Release(gil);
}

PyObject *tf_dlpack_hooks(PyObject *module, PyObject *fn) {
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "tilert._fast.dlpack_hooks takes a callable");
        return NULL;
    }
    Py_INCREF(fn);
    Py_XSETREF(release, fn);
    PyObject *d = PyLong_FromVoidPtr((void *)(uintptr_t)capsule_destructor);
    PyObject *del = PyLong_FromVoidPtr((void *)(uintptr_t)deleter);
    PyObject *hooks = d == NULL || del == NULL ? NULL : PyTuple_Pack(2, d, del);
    Py_XDECREF(d);
    Py_XDECREF(del);
    return hooks;
}
