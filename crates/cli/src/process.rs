//! Process setup done first thing in `main`: no transparent huge pages, and SIGPIPE.

/// Turns transparent huge pages off for this process (Linux), as mimalloc's `allow_thp=0`
/// option does at start-up (`MIMALLOC_ALLOW_THP=0`): with THP set to `always` (Debian's
/// default), each page mimalloc touches first is a 2 MiB huge page the kernel zeroes, and
/// each purge hands pages back to be faulted and zeroed again; on `olm-graph packages`
/// of a 13 MiB catalog that zeroing took a fifth to two fifths of the CPU time
/// (docs/performance.md). The option itself is read by mimalloc only once, before `main`, so
/// the process asks the kernel directly, with the same `prctl` mimalloc uses; mimalloc asks for
/// huge pages with `madvise` only when large OS pages are enabled (they are not), and the
/// kernel's per-process switch overrides that too. Returns whether THP is now off.
#[cfg(target_os = "linux")]
pub fn no_transparent_huge_pages() -> bool {
    // SAFETY: `prctl` with these options only reads or sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
        libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1
    }
}

#[cfg(not(target_os = "linux"))]
pub fn no_transparent_huge_pages() -> bool {
    false
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

#[cfg(test)]
mod tests {
    #[cfg(target_os = "linux")]
    #[test]
    fn transparent_huge_pages_are_off_after_the_call() {
        assert!(super::no_transparent_huge_pages());
        // SAFETY: reads a flag of this process.
        let off = unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) };
        assert_eq!(off, 1);
    }
}
