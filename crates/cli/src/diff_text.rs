//! The text of a package diff, as `diff` prints it (and `bench` times it).

use std::fmt::Write as _;

use olm_graph_core::change::PackageDiff;

/// Paths up to this many hops are printed in full by `diff`; longer ones are shortened.
pub const LISTED_HOPS: usize = 16;

/// The text `diff` prints: what changed, then each installed bundle's fate and path (paths past
/// [`LISTED_HOPS`] hops are shortened; `--json --paths` lists every hop).
///
/// # Complexity
/// O(B + H) for B bundles and H hops listed.
pub fn diff_text(d: &PackageDiff) -> String {
    let mut out = String::new();
    let list = |v: &[String]| match v.len() {
        0 => "none".to_string(),
        n if n <= 8 => v.join(", "),
        n => format!("{n}: {}, ... (--json lists all)", v[..5].join(", ")),
    };
    let _ = writeln!(out, "package {}", d.package);
    let _ = writeln!(out, "  bundles added: {}", list(&d.bundles_added));
    let _ = writeln!(out, "  bundles removed: {}", list(&d.bundles_removed));
    let _ = writeln!(out, "  channels added: {}", list(&d.channels_added));
    let _ = writeln!(out, "  channels removed: {}", list(&d.channels_removed));
    for h in &d.heads_moved {
        let _ = writeln!(
            out,
            "  head of {} moved: {} -> {}",
            h.channel,
            h.old.as_deref().unwrap_or("(none)"),
            h.new.as_deref().unwrap_or("(none)")
        );
    }
    let _ = writeln!(
        out,
        "  edges added: {}, removed: {}",
        d.edges_added.len(),
        d.edges_removed.len()
    );
    let _ = writeln!(out, "  deprecations added: {}", list(&d.deprecations_added));
    let _ = writeln!(out, "after the switch:");
    for f in &d.fates {
        let path = match (f.hops, &f.next) {
            (0, _) | (_, None) => String::new(),
            (1..=LISTED_HOPS, _) => format!("  {}", d.path(f).join(" -> ")),
            (hops, Some(next)) => format!(
                "  {} -> {next} -> ... -> {} ({hops} hops; --json --paths lists them all)",
                f.bundle, f.end
            ),
        };
        let _ = writeln!(
            out,
            "  {} [{}]: {}{path}",
            f.bundle,
            f.channel,
            f.status.as_str()
        );
    }
    out
}
