//! Status codes, the calling thread's last error message, and the guard every exported function
//! runs its body in: an error becomes its code and message, a panic becomes
//! `C2D_ERROR_INTERNAL`, and nothing unwinds into C.

use std::cell::RefCell;
use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What a call did: `C2D_OK`, or one of the `C2D_ERROR_` codes, with a message from
/// `c2d_last_error`.
pub type c2d_Status = i32;

/// The call did what it was asked; its out pointers are written.
pub const C2D_OK: c2d_Status = 0;
/// A pointer the call needs was NULL.
pub const C2D_ERROR_NULL: c2d_Status = 1;
/// A shape is not valid: a number is not finite, a size is not positive, a rotation is not a
/// unit vector, a kind is unknown, or the points make no such shape.
pub const C2D_ERROR_INVALID_SHAPE: c2d_Status = 2;
/// Another argument is not valid: a negative count, a ray of zero direction, and so on.
pub const C2D_ERROR_INVALID_ARGUMENT: c2d_Status = 3;
/// The call would take more work or memory than its bound allows.
pub const C2D_ERROR_TOO_LARGE: c2d_Status = 4;
/// A bug in collide2d (a panic, caught at the boundary); the message says where.
pub const C2D_ERROR_INTERNAL: c2d_Status = 5;

/// An error on its way to C: the code and the message.
#[derive(Debug)]
pub(crate) struct Error {
    pub(crate) code: c2d_Status,
    pub(crate) message: String,
}

impl Error {
    pub(crate) fn new(code: c2d_Status, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }

    /// A NULL pointer passed as `what`.
    pub(crate) fn null(what: &str) -> Self {
        Self::new(C2D_ERROR_NULL, format!("{what} is NULL"))
    }

    pub(crate) fn invalid_shape(message: impl Into<String>) -> Self {
        Self::new(C2D_ERROR_INVALID_SHAPE, message)
    }

    pub(crate) fn invalid_argument(message: impl Into<String>) -> Self {
        Self::new(C2D_ERROR_INVALID_ARGUMENT, message)
    }
}

impl From<collide2d::ShapeError> for Error {
    fn from(e: collide2d::ShapeError) -> Self {
        Self::invalid_shape(e.to_string())
    }
}

thread_local! {
    /// The message of this thread's last failed call.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last_error(message: &str) {
    // A message never holds a NUL, but one would only cut it short.
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// The message of the calling thread's last call that did not return `C2D_OK` (an empty
/// string before any did). UTF-8, owned by the library: valid until the next failing call on
/// this thread; copy it to keep it.
#[no_mangle]
pub extern "C" fn c2d_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// Runs `body`: `C2D_OK` when it succeeds, else its error's code with the message kept for
/// `c2d_last_error`; a panic is caught and becomes `C2D_ERROR_INTERNAL`.
#[inline(always)]
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Error>) -> c2d_Status {
    // The body's state is dropped with the failed call: nothing is observed half-changed by a
    // later call except through handles, whose owners the message warns.
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => C2D_OK,
        Ok(Err(e)) => {
            set_last_error(&e.message);
            e.code
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            set_last_error(&format!("internal error in collide2d (please report it): {what}"));
            C2D_ERROR_INTERNAL
        }
    }
}

/// Writes `value` through `out`, which the caller checked is not NULL.
///
/// # Safety
/// `out` must be valid for a write of `T`.
#[inline(always)]
pub(crate) unsafe fn write<T>(out: *mut T, value: T) {
    // SAFETY: the caller's contract.
    unsafe { out.write(value) }
}

/// `ptr` as a reference, or `C2D_ERROR_NULL` naming `what`.
///
/// # Safety
/// A non-NULL `ptr` must point at a valid `T` for the lifetime chosen.
#[inline(always)]
pub(crate) unsafe fn arg<'a, T>(ptr: *const T, what: &str) -> Result<&'a T, Error> {
    // SAFETY: the caller's contract.
    unsafe { ptr.as_ref() }.ok_or_else(|| Error::null(what))
}

/// `ptr` unless it is NULL.
#[inline(always)]
pub(crate) fn out<T>(ptr: *mut T, what: &str) -> Result<*mut T, Error> {
    if ptr.is_null() {
        Err(Error::null(what))
    } else {
        Ok(ptr)
    }
}
