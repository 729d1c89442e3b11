//! A reader that stops early (`olm-graph graph --json | head`) ends the command quietly: no
//! panic message, no error exit of its own.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_command_without_a_panic() {
    let catalog = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/catalogs/openshift-kube-descheduler-fbc/v4.12"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args([
            "graph",
            catalog,
            "-p",
            "cluster-kube-descheduler-operator",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("olm-graph starts");
    // Read the first bytes of the half-megabyte answer, then close the pipe, as `head` does.
    let mut first = [0u8; 16];
    let mut stdout = child.stdout.take().expect("stdout is piped");
    stdout.read_exact(&mut first).expect("the answer starts");
    drop(stdout);
    let out = child.wait_with_output().expect("olm-graph ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(first.starts_with(b"{"), "a JSON answer");
    assert!(!stderr.contains("panicked"), "no panic: {stderr}");
    assert!(stderr.is_empty(), "nothing on stderr: {stderr}");
    // Killed by SIGPIPE (no exit code), or done before the pipe closed.
    assert!(
        out.status.code().is_none() || out.status.success(),
        "{:?}",
        out.status
    );
}
