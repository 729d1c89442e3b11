//! Process setup done first thing in `main`: the allocator's purge delay and SIGPIPE.

/// mimalloc's `mi_option_purge_delay`, which the bindings do not name: in mimalloc.h (v2 and v3)
/// it is the option just before `mi_option_use_numa_nodes`, which they do.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t =
    libmimalloc_sys::mi_option_use_numa_nodes - 1;

/// Freed memory goes back to the system at once instead of 10 ms later: a command that loads
/// two big catalogs and drops what it built in between keeps its peak near what it holds
/// (on `diff` of two 100,000-bundle catalogs, about 500 MB instead of 800 MB), for the same
/// time.
pub fn return_freed_memory_at_once() {
    // SAFETY: sets a plain integer option; mimalloc reads options on every purge, and allows
    // this one to change at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}

/// Lets a closed pipe end the process quietly, as other Unix tools do
/// (`olm-graph diff --json | head`): Rust ignores SIGPIPE, so `println!` would panic instead.
#[cfg(unix)]
pub fn default_sigpipe() {
    // SAFETY: called first thing in `main`, before any thread exists; `signal` only installs
    // the default disposition of SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
pub fn default_sigpipe() {}
