//! Mermaid of an upgrade path: the installed bundle, then every bundle the cluster passes
//! through, each hop labelled with why the resolver took it. An installed bundle that is not an
//! entry of the channel says so ("installed, from another channel"), as the SVG export's node
//! beside the channel does. Every label is catalog text made inert ([`mermaid_text`]).

use std::fmt::Write as _;

use crate::resolve::UpgradePath;

/// What a path's Mermaid says besides the path.
#[derive(Debug, Clone, Default)]
pub struct PathMermaidOptions {
    /// The package, named in the chart's opening comment.
    pub package: String,
    /// The channel the path was resolved in, named in that comment (`all channels` when
    /// `None`).
    pub channel: Option<String>,
    /// The installed bundle is not an entry of the channel.
    pub installed_from_other_channel: bool,
}

/// A Mermaid flowchart (left to right) of `path`.
///
/// # Complexity
/// O(H + length of the names) for H hops.
pub fn path_mermaid(path: &UpgradePath, options: &PathMermaidOptions) -> String {
    let mut out = String::from("flowchart LR\n");
    let channel = options.channel.as_deref().unwrap_or("all channels");
    let _ = writeln!(
        out,
        "  %% upgrade path of {} ({channel}), OLM {}: {} to {}",
        mermaid_text(&options.package),
        path.resolver.as_str(),
        mermaid_text(&path.from),
        mermaid_text(&path.end)
    );
    let mut start = format!("{}<br/>installed", mermaid_text(&path.from));
    if options.installed_from_other_channel {
        start.push_str(", from another channel");
    }
    let _ = writeln!(out, "  n0[\"{start}\"]:::installed");
    for (i, hop) in path.hops.iter().enumerate() {
        let class = if hop.failed { ":::failed" } else { "" };
        let _ = writeln!(out, "  n{}[\"{}\"]{class}", i + 1, mermaid_text(&hop.to));
        let _ = writeln!(
            out,
            "  n{i} -->|\"{}. {}\"| n{}",
            i + 1,
            mermaid_text(&crate::resolve::via_label(&hop.via)),
            i + 1
        );
    }
    out.push_str("  classDef installed stroke-width:3px,stroke-dasharray:5 3\n");
    out.push_str("  classDef failed stroke:#b91c1c,stroke-width:3px\n");
    out
}

/// Text for inside a double-quoted Mermaid label: every character that could end the label,
/// start an entity or markup, or break the line becomes a Mermaid entity code (`#quot;`,
/// `#35;`, ...).
///
/// # Complexity
/// O(length of `s`).
pub fn mermaid_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("#quot;"),
            '#' => out.push_str("#35;"),
            '<' => out.push_str("#lt;"),
            '>' => out.push_str("#gt;"),
            '&' => out.push_str("#amp;"),
            '`' => out.push_str("#96;"),
            '|' => out.push_str("#124;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::EdgeKind;
    use crate::resolve::{Hop, Outcome, Reason, Resolver};

    fn hop(from: &str, to: &str, kind: EdgeKind, range: Option<&str>) -> Hop {
        Hop {
            from: from.into(),
            to: to.into(),
            via: vec![Reason {
                kind,
                range: range.map(str::to_string),
            }],
            failed: false,
            alternatives: Vec::new(),
            updated_catalog: false,
            crd_safety: None,
            missing_bundle: false,
        }
    }

    #[test]
    fn a_path_from_another_channel_reads_hop_by_hop() {
        let path = UpgradePath {
            resolver: Resolver::V0,
            from: "demo.v1.0.0".into(),
            end: "demo.v1.3.0".into(),
            outcome: Outcome::UpToDate,
            hops: vec![
                hop(
                    "demo.v1.0.0",
                    "demo.v1.2.0",
                    EdgeKind::SkipRange,
                    Some("<1.2.0"),
                ),
                hop("demo.v1.2.0", "demo.v1.3.0", EdgeKind::Replaces, None),
            ],
            explanation: None,
            final_alternatives: Vec::new(),
            without_bundles: Vec::new(),
            failure: None,
            error: None,
        };
        let options = PathMermaidOptions {
            package: "demo".into(),
            channel: Some("fast".into()),
            installed_from_other_channel: true,
        };
        let m = path_mermaid(&path, &options);
        assert!(m.starts_with("flowchart LR\n"));
        assert!(m.contains("n0[\"demo.v1.0.0<br/>installed, from another channel\"]:::installed"));
        assert!(m.contains("n0 -->|\"1. skipRange #lt;1.2.0\"| n1"), "{m}");
        assert!(m.contains("n1 -->|\"2. replaces\"| n2"), "{m}");
        assert!(m.contains("n2[\"demo.v1.3.0\"]"), "{m}");
    }

    #[test]
    fn labels_cannot_escape_their_quotes() {
        assert_eq!(
            mermaid_text("a\"]; click x\n<b>#1&`|"),
            "a#quot;]; click x #lt;b#gt;#35;1#amp;#96;#124;"
        );
    }
}
