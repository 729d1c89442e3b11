//! Writing to stdout and stderr. A closed pipe (`olm-graph ... | head`) ends the program quietly
//! instead of panicking as `println!` does.

use std::io::Write as _;

use olm_graph_core::diag::Diagnostic;

use crate::error::CliError;

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
/// long report is never held whole as text): the one JSON printer of every `--json` and
/// `--format json`. A closed pipe ends the program quietly; a value that cannot be written as
/// JSON is an error (`cannot write JSON: ...`), never an empty line.
pub fn print_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<(), CliError> {
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match serde_json::to_writer_pretty(&mut stdout, value) {
        Err(e) if !e.is_io() => return Err(json_error(&e)),
        Err(_) => std::process::exit(0),
        Ok(()) => {}
    }
    if writeln!(stdout).and_then(|()| stdout.flush()).is_err() {
        std::process::exit(0);
    }
    Ok(())
}

/// `value` as indented JSON and a newline, for a command that writes it with other text or to
/// a file: the same text [`print_json`] prints, and the same error.
pub fn json_text<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, CliError> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| json_error(&e))?;
    text.push('\n');
    Ok(text)
}

/// What a value that cannot be written as JSON is reported as (exit 2).
fn json_error(e: &serde_json::Error) -> CliError {
    CliError::Input(format!("cannot write JSON: {e}"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_json_cannot_hold_is_an_error_not_an_empty_line() {
        let keys: std::collections::BTreeMap<(u8, u8), u8> = [((1, 2), 3)].into();
        let e = json_text(&keys).expect_err("a map with tuple keys is no JSON object");
        assert_eq!(e.to_string(), "cannot write JSON: key must be a string");
        assert_eq!(e.exit_status(), crate::error::ExitStatus::Usage);
        assert_eq!(json_text(&[1, 2]).expect("a list"), "[\n  1,\n  2\n]\n");
    }
}
