//! Times the loader on generated hostile input, each case in a process of its own so that its
//! peak memory can be read (Linux `VmHWM`):
//!
//!     cargo run --release -p olm-graph-core --example hostile_input
//!
//! Each line: the case, its size, the time `load_files` took (generation excluded), the peak
//! resident memory of the whole process (the generated text included), and the diagnostic.

use std::process::Command;
use std::time::Instant;

use olm_graph_core::{load_files, InputFile};

/// The cases: a name and the text it generates.
fn generate(case: &str) -> Option<(&'static str, String)> {
    Some(match case {
        "deep" => {
            let n = 100_000;
            let text = format!(
                r#"{{"schema":"olm.package","name":"deep","description":{}{}}}"#,
                "[".repeat(n),
                "]".repeat(n)
            );
            ("deep.json", text)
        }
        "alias-bomb" => {
            let mut text = String::from("schema: olm.package\nname: bomb\ndescription:\n");
            text.push_str("  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
            for i in 1..10 {
                let refs = vec![format!("*a{}", i - 1); 10].join(", ");
                text.push_str(&format!("  a{i}: &a{i} [{refs}]\n"));
            }
            ("bomb.yaml", text)
        }
        "string-100mb" => {
            let text = format!(
                r#"{{"schema":"olm.package","name":"big","description":"{}"}}"#,
                "x".repeat(100 << 20)
            );
            ("big.json", text)
        }
        "empty-docs-1m" => ("empty.yaml", "---\n".repeat(1_000_000)),
        "braces-50mb" => ("braces.json", "{".repeat(50 << 20)),
        "brackets-50mb" => ("brackets.json", "[".repeat(50 << 20)),
        _ => return None,
    })
}

const CASES: [&str; 6] = [
    "deep",
    "alias-bomb",
    "string-100mb",
    "empty-docs-1m",
    "braces-50mb",
    "brackets-50mb",
];

/// Peak resident memory of this process in MiB (Linux), if known.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn run_one(case: &str) {
    let Some((path, text)) = generate(case) else {
        eprintln!("unknown case {case}");
        std::process::exit(2);
    };
    let bytes = text.len();
    let start = Instant::now();
    let catalog = load_files(vec![InputFile::new(path, text)]);
    let elapsed = start.elapsed();
    let first = catalog
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .map_or_else(|| "no error".to_string(), ToString::to_string);
    let peak = peak_mib().map_or_else(|| "?".to_string(), |m| format!("{m:.0} MiB"));
    let shown: String = first.chars().take(110).collect();
    println!(
        "{case:<14} {:>9.1} MiB {:>9.1} ms {peak:>9}  {shown}",
        bytes as f64 / 1048576.0,
        elapsed.as_secs_f64() * 1000.0
    );
}

fn main() {
    if let Some(case) = std::env::args().nth(1) {
        run_one(&case);
        return;
    }
    let Ok(me) = std::env::current_exe() else {
        eprintln!("cannot find this program to run the cases");
        std::process::exit(2);
    };
    println!("case           input          load time   peak RSS  first diagnostic");
    for case in CASES {
        match Command::new(&me).arg(case).status() {
            Ok(s) if s.success() => {}
            other => println!("{case}: the run failed ({other:?})"),
        }
    }
}
