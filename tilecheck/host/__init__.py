"""The host-side ownership analysis (TC101-TC111): tilert's borrow rules, followed through each
function body and the module body. ``tilecheck.module_check`` drives it."""
