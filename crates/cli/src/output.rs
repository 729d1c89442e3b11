//! Writing to stdout and stderr. A closed pipe (`olm-graph ... | head`) ends the program quietly
//! instead of panicking as `println!` does.

use std::io::Write as _;

use olm_graph_core::diag::Diagnostic;

/// Prints a line to stdout; a closed pipe ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        if writeln!(stdout, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use out;

/// Prints `text` and a newline to stdout; a closed pipe ends the program quietly.
pub fn print(text: &str) {
    out!("{text}");
}

/// Prints `value` as indented JSON and a newline, written to stdout as it is serialised (a
/// long report is never held whole as text); a closed pipe ends the program quietly.
pub fn print_json_pretty<T: serde::Serialize>(value: &T) {
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut stdout, value)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(stdout))
        .and_then(|()| stdout.flush());
    if written.is_err() {
        std::process::exit(0);
    }
}

/// Writes `text` as it is to stdout; a closed pipe ends the program quietly.
pub fn write_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// Diagnostics to standard error through one buffer (a template of many stubs has as many
/// warnings: one write each would cost a system call per line).
pub fn print_diagnostics<'a>(list: impl Iterator<Item = &'a Diagnostic>) {
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    for d in list {
        if writeln!(err, "{d}").is_err() {
            return;
        }
    }
    let _ = err.flush();
}

/// The value, or `-` when there is none (a table cell).
pub fn or_dash<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}
