//! The module's interface to its host (gorgon.js implements the host):
//!
//! exports: `memory`; `alloc(len) -> ptr` and `dealloc(ptr, len)` for the
//! bytes of a line; `uci_line(ptr, len) -> i32`, one line of input run to
//! the end (1; 0 once `quit` was read).
//!
//! imports (module `env`): `write(ptr, len)`, one line of output (UTF-8,
//! no newline); `now_ms() -> f64`, a monotonic clock (`performance.now`);
//! `host_poll(ptr, cap, wait_ms) -> i32`, the next line of input that
//! arrived while a command runs, waiting for one at most `wait_ms`
//! milliseconds: -1 if none came, its length `n` if `n <= cap` (copied to
//! `ptr` and taken), or `n > cap` with nothing copied and the line kept,
//! to be asked for again with room for `n` bytes.

use crate::driver::{Driver, Host};
use std::cell::RefCell;
use std::time::Duration;

#[link(wasm_import_module = "env")]
extern "C" {
    fn write(ptr: *const u8, len: usize);
    fn now_ms() -> f64;
    fn host_poll(ptr: *mut u8, cap: usize, wait_ms: f64) -> i32;
}

/// The host gorgon.js gives.
struct Imports;

impl Host for Imports {
    fn write(&self, line: &str) {
        // SAFETY: the host reads `len` bytes at `ptr` during the call and
        // keeps no pointer; the slice lives until the call returns.
        unsafe { write(line.as_ptr(), line.len()) }
    }

    fn poll(&self, wait: Duration) -> Option<Vec<u8>> {
        let mut buf = vec![0u8; 256];
        loop {
            // SAFETY: the host writes at most `cap` bytes at `ptr`, which
            // `buf` owns, and keeps no pointer after the call.
            let n = unsafe { host_poll(buf.as_mut_ptr(), buf.len(), wait.as_secs_f64() * 1000.0) };
            let n = usize::try_from(n).ok()?;
            if n <= buf.len() {
                buf.truncate(n);
                return Some(buf);
            }
            buf.resize(n, 0);
        }
    }
}

fn clock() -> f64 {
    // SAFETY: an import without arguments returning a number.
    unsafe { now_ms() }
}

thread_local! {
    /// The one session, made at the first line (the module has one thread).
    static DRIVER: RefCell<Option<Driver<Imports>>> = const { RefCell::new(None) };
}

/// Room for a line of `len` bytes, which the host fills and hands to
/// [`uci_line`] (which frees it).
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len.max(1));
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Frees what [`alloc`] gave, for a host that does not pass it on.
///
/// # Safety
/// `ptr` and `len` are exactly an [`alloc`]'s pointer and length, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's contract: an allocation of `len.max(1)` bytes
    // made by `alloc` and not freed.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Runs one line of input (the bytes at `ptr`, freed here) to the end.
///
/// # Safety
/// `ptr` and `len` are an [`alloc`]'s pointer and length with `len` bytes written.
#[no_mangle]
pub unsafe extern "C" fn uci_line(ptr: *mut u8, len: usize) -> i32 {
    // SAFETY: the caller's contract: `len` bytes written into an
    // allocation of `len.max(1)` bytes made by `alloc`; the Vec frees it.
    let line = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    DRIVER.with(|d| {
        let mut d = d.borrow_mut();
        let driver = d.get_or_insert_with(|| {
            engine::clock::set_host_clock(clock);
            Driver::new(Imports)
        });
        i32::from(driver.line(&line))
    })
}
