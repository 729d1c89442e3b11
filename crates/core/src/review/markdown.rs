//! The review as Markdown for a pull-request comment: the verdict and the counts first, one row
//! per changed package, then per package the bundles the change strands, and collapsed
//! `<details>` sections for the installed bundles' fates, the bundles, edges and findings, and a
//! Mermaid picture of each changed channel.
//!
//! The report stays within [`MarkdownOptions::max_chars`] (a GitHub comment holds 65,536
//! characters): Mermaid blocks are left out first (the last ones first), then every per-package
//! section, and long lists are cut at [`MarkdownOptions::list_limit`] items, each time saying so.
//! Catalog text never becomes markup: names go in code spans, messages are backslash-escaped,
//! and text inside the `<summary>` HTML is entity-escaped.

use std::fmt::Write as _;

use crate::change::diff::FATES;
use crate::change::Fate;
use crate::resolve::Resolver;
use crate::Diagnostic;

use super::picture::{Change, ChannelPicture, MermaidDrawing, MermaidLimits, MermaidScope};
use super::{FailOn, FindingChanges, InstalledBundle, PackageReview, Review};
use crate::text::plural;

/// How the Markdown report is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkdownOptions {
    /// The conditions the verdict at the top is about.
    pub fail_on: FailOn,
    /// The most characters the report may have (counted in bytes, never fewer than characters).
    pub max_chars: usize,
    /// The most items of one list or table.
    pub list_limit: usize,
    /// The most a Mermaid block may hold.
    pub mermaid: MermaidLimits,
}

impl Default for MarkdownOptions {
    fn default() -> Self {
        MarkdownOptions {
            fail_on: FailOn::default(),
            max_chars: 60_000,
            list_limit: 100,
            mermaid: MermaidLimits::default(),
        }
    }
}

/// How a package section is written.
struct Section<'a> {
    /// With the collapsed details and graphs (else only the facts and the stranded bundles).
    full: bool,
    list_limit: usize,
    stranded_limit: usize,
    drawings: &'a [Option<MermaidDrawing>],
    plan: &'a [bool],
}

/// The review as Markdown (see the module documentation).
///
/// # Complexity
/// O(S) for the size S of the review (its lists and pictures): each part is rendered a bounded
/// number of times (at most two list lengths, each part with and without its details).
pub fn markdown(review: &Review, options: &MarkdownOptions) -> String {
    let drawings: Vec<Vec<Option<MermaidDrawing>>> = review
        .packages
        .iter()
        .map(|p| {
            p.channels
                .iter()
                .map(|c| c.mermaid(&options.mermaid))
                .collect()
        })
        .collect();
    // Every section in full with every graph if that fits; else short lists, the sections
    // that fail the review first, and as many graphs as fit.
    let limits = [options.list_limit, (options.list_limit / 4).max(10)];
    for (attempt, list_limit) in limits.into_iter().enumerate() {
        let Some(layout) = plan(review, options, list_limit, &drawings) else {
            continue;
        };
        let complete = layout.full.iter().all(|f| *f)
            && layout
                .graphs
                .iter()
                .flatten()
                .zip(drawings.iter().flatten())
                .all(|(planned, d)| *planned || d.is_none());
        if complete || attempt + 1 == limits.len() {
            return render(review, options, list_limit, &drawings, &layout);
        }
    }
    let mut out = String::new();
    header(&mut out, review, options);
    out.push_str("\n_The per-package sections are left out: the report would be too long for a comment. `olm-graph review --format json` has everything._\n");
    out
}

/// Which package sections are written in full, and which of their Mermaid blocks.
struct Layout {
    full: Vec<bool>,
    graphs: Vec<Vec<bool>>,
}

/// True when the change does, in this package, what fails reviews (strands, errors, heads).
fn important(p: &PackageReview) -> bool {
    p.newly(Resolver::V0, Fate::Stranded).next().is_some()
        || p.newly(Resolver::V1, Fate::Stranded).next().is_some()
        || p.findings.new.iter().any(Diagnostic::is_error)
        || !p.removed_heads.is_empty()
}

/// Fits the report into `options.max_chars`: every section short first, then full sections
/// (those that fail the review first), then Mermaid blocks, each while it fits. `None` when
/// not even the short sections fit.
fn plan(
    review: &Review,
    options: &MarkdownOptions,
    list_limit: usize,
    drawings: &[Vec<Option<MermaidDrawing>>],
) -> Option<Layout> {
    let mut layout = Layout {
        full: vec![false; review.packages.len()],
        graphs: drawings.iter().map(|d| vec![false; d.len()]).collect(),
    };
    let base = render(review, options, list_limit, drawings, &layout).len();
    let mut room = options.max_chars.checked_sub(base)?;
    let no_graphs = layout.graphs.clone();
    let section_len = |i: usize, full: bool| {
        let mut s = String::new();
        let section = Section {
            full,
            list_limit,
            stranded_limit: options.list_limit,
            drawings: &drawings[i],
            plan: &no_graphs[i],
        };
        package_section(&mut s, &review.packages[i], &section);
        s.len()
    };
    // The packages that fail the review first: their sections, then their graphs; then the
    // others' sections, then their graphs.
    let (first, rest): (Vec<usize>, Vec<usize>) =
        (0..review.packages.len()).partition(|&i| important(&review.packages[i]));
    for group in [first, rest] {
        for &i in &group {
            let extra = section_len(i, true).saturating_sub(section_len(i, false));
            if extra <= room {
                room -= extra;
                layout.full[i] = true;
            }
        }
        for &i in group.iter().filter(|&&i| layout.full[i]) {
            let pictures = review.packages[i].channels.iter().zip(&drawings[i]);
            for (c, (picture, drawing)) in pictures.enumerate() {
                let Some(d) = drawing else { continue };
                let (mut with, mut without) = (String::new(), String::new());
                channel_details(&mut with, picture, Some(d));
                channel_details(&mut without, picture, None);
                let extra = with.len().saturating_sub(without.len());
                if extra <= room {
                    room -= extra;
                    layout.graphs[i][c] = true;
                }
            }
        }
    }
    Some(layout)
}

/// The verdict, the counts and the package table.
fn header(out: &mut String, review: &Review, options: &MarkdownOptions) {
    verdict(out, review, options);
    summary_table(out, review);
    package_table(out, review, options.list_limit);
}

/// The whole report as `layout` says, with lists cut at `list_limit` (the bundles the change
/// strands at `options.list_limit`).
fn render(
    review: &Review,
    options: &MarkdownOptions,
    list_limit: usize,
    drawings: &[Vec<Option<MermaidDrawing>>],
    layout: &Layout,
) -> String {
    let mut out = String::new();
    header(&mut out, review, options);
    if !review.catalog_findings.is_empty() {
        out.push_str("\n### Catalog files\n\n");
        findings_details(&mut out, &review.catalog_findings, list_limit);
    }
    for (i, p) in review.packages.iter().enumerate() {
        let section = Section {
            full: layout.full[i],
            list_limit,
            stranded_limit: options.list_limit,
            drawings: &drawings[i],
            plan: &layout.graphs[i],
        };
        package_section(&mut out, p, &section);
    }
    let short = layout.full.iter().filter(|f| !**f).count();
    if short > 0 {
        let _ = writeln!(
            out,
            "\n_{} shortened to keep the report short enough for a comment; `olm-graph review --format json` has everything._",
            plural(short, "package section is", "package sections are")
        );
    }
    let planned = layout.graphs.iter().flatten().filter(|b| **b).count();
    let drawn = drawings.iter().flatten().filter(|d| d.is_some()).count();
    if planned < drawn {
        let _ = writeln!(
            out,
            "\n_{} left out to keep the report short enough for a comment; `olm-graph review --svg-dir DIR` draws every changed channel._",
            plural(drawn - planned, "channel graph is", "channel graphs are")
        );
    }
    out
}

fn verdict(out: &mut String, review: &Review, options: &MarkdownOptions) {
    let failures = review.failures(&options.fail_on);
    let status = if failures.is_empty() {
        "✅ passes"
    } else {
        "❌ fails"
    };
    let _ = writeln!(out, "## olm-graph review: {status}\n");
    let _ = writeln!(
        out,
        "From {} to {}.\n",
        code(&review.old),
        code(&review.new)
    );
    let checked = fail_on_names(&options.fail_on);
    if failures.is_empty() {
        let _ = writeln!(
            out,
            "The change does none of what fails a review (`--fail-on {checked}`)."
        );
    } else {
        let reasons: Vec<String> = failures.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            out,
            "**The change fails the review** (`--fail-on {checked}`): {}.",
            reasons.join("; ")
        );
    }
}

fn fail_on_names(fail_on: &FailOn) -> String {
    let mut names = Vec::new();
    if fail_on.error {
        names.push("error");
    }
    if fail_on.stranded {
        names.push("stranded");
    }
    if fail_on.removed_head {
        names.push("removed-head");
    }
    if names.is_empty() {
        "none".into()
    } else {
        names.join(",")
    }
}

fn summary_table(out: &mut String, review: &Review) {
    let s = &review.summary;
    out.push_str("\n| change | count |\n|---|---:|\n");
    let rows = [
        (
            "packages changed / added / removed",
            format!(
                "{} / {} / {}",
                s.packages_changed, s.packages_added, s.packages_removed
            ),
        ),
        ("packages unchanged", review.unchanged_packages.to_string()),
        (
            "new findings: errors / warnings",
            format!("{} / {}", s.new_errors, s.new_warnings),
        ),
        (
            "fixed findings: errors / warnings",
            format!("{} / {}", s.fixed_errors, s.fixed_warnings),
        ),
        (
            "installed bundles stranded by the change: OLM v0 / v1",
            format!("{} / {}", s.stranded_v0, s.stranded_v1),
        ),
        ("channel heads removed", s.removed_heads.to_string()),
    ];
    for (what, count) in rows {
        let _ = writeln!(out, "| {what} | {count} |");
    }
}

fn package_table(out: &mut String, review: &Review, limit: usize) {
    if review.packages.is_empty() {
        out.push_str("\nNo package changed.\n");
        return;
    }
    out.push_str("\n| package | status | heads moved | bundles + / − | channels + / − | edges + / − | findings new / fixed | stranded v0 / v1 |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    for p in review.packages.iter().take(limit) {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} / {} | {} / {} | {} / {} | {} / {} | {} / {} |",
            cell_code(&p.package),
            status_name(p),
            p.heads_moved.len(),
            p.bundles_added.len(),
            p.bundles_removed.len(),
            p.channels_added.len(),
            p.channels_removed.len(),
            p.edges_added.len(),
            p.edges_removed.len(),
            p.findings.new.len(),
            p.findings.fixed.len(),
            p.newly(Resolver::V0, Fate::Stranded).count(),
            p.newly(Resolver::V1, Fate::Stranded).count(),
        );
    }
    more(out, review.packages.len(), limit, "packages");
}

fn status_name(p: &PackageReview) -> &'static str {
    match p.status {
        super::PackageStatus::Added => "added",
        super::PackageStatus::Removed => "removed",
        super::PackageStatus::Changed => "changed",
    }
}

/// "… and N more" after a list cut at `limit`.
fn more(out: &mut String, len: usize, limit: usize, what: &str) {
    if len > limit {
        let _ = writeln!(
            out,
            "\n_… and {} more {what} (`--format json` lists all)._",
            len - limit
        );
    }
}

fn package_section(out: &mut String, p: &PackageReview, section: &Section<'_>) {
    let limit = section.list_limit;
    let _ = writeln!(out, "\n### {} ({})\n", code(&p.package), status_name(p));
    package_facts(out, p, limit);
    for r in [Resolver::V0, Resolver::V1] {
        let stranded: Vec<&InstalledBundle> = p.newly(r, Fate::Stranded).collect();
        if stranded.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n**Stranded by this change under OLM {} ({}):** installed clusters on these bundles have no upgrade left.\n",
            r.as_str(),
            stranded.len()
        );
        for b in stranded.iter().take(section.stranded_limit) {
            let _ = writeln!(out, "- {} (channel {})", code(&b.bundle), code(&b.channel));
        }
        more(out, stranded.len(), section.stranded_limit, "bundles");
    }
    if !section.full {
        out.push_str("\n_Details left out to keep the report short enough for a comment._\n");
        return;
    }
    if !p.installed.is_empty() {
        for r in [Resolver::V0, Resolver::V1] {
            fates_details(out, p, r, limit);
        }
    }
    bundles_details(out, p, limit);
    edges_details(out, p, limit);
    if !p.findings.is_empty() {
        findings_details(out, &p.findings, limit);
    }
    let pictures = p.channels.iter().zip(section.drawings).zip(section.plan);
    for ((picture, drawing), planned) in pictures {
        channel_details(out, picture, drawing.as_ref().filter(|_| *planned));
    }
}

/// One line each for the default channel, heads, removed heads, deprecations, modified bundles.
fn package_facts(out: &mut String, p: &PackageReview, limit: usize) {
    let opt = |s: &Option<String>| s.as_deref().map_or("(none)".to_string(), code);
    if let Some(d) = &p.default_channel {
        let _ = writeln!(out, "- default channel: {} → {}", opt(&d.old), opt(&d.new));
    }
    for h in &p.heads_moved {
        let _ = writeln!(
            out,
            "- head of {}: {} → {}",
            code(&h.channel),
            opt(&h.old),
            opt(&h.new)
        );
    }
    for h in &p.removed_heads {
        let _ = writeln!(
            out,
            "- head {} removed from channel {}",
            code(&h.bundle),
            code(&h.channel)
        );
    }
    let list = |items: &[String]| -> String {
        let mut s: Vec<String> = items.iter().take(limit).map(|i| code(i)).collect();
        if items.len() > limit {
            s.push(format!("… {} more", items.len() - limit));
        }
        s.join(", ")
    };
    if !p.channels_added.is_empty() {
        let _ = writeln!(out, "- channels added: {}", list(&p.channels_added));
    }
    if !p.channels_removed.is_empty() {
        let _ = writeln!(out, "- channels removed: {}", list(&p.channels_removed));
    }
    if !p.deprecations_added.is_empty() {
        let _ = writeln!(out, "- deprecations added: {}", list(&p.deprecations_added));
    }
    if !p.deprecations_removed.is_empty() {
        let _ = writeln!(
            out,
            "- deprecations removed: {}",
            list(&p.deprecations_removed)
        );
    }
}

/// `<details>` with a summary line (HTML-escaped) and Markdown inside.
fn details(out: &mut String, summary: &str, body: &str) {
    let _ = writeln!(
        out,
        "\n<details><summary>{summary}</summary>\n\n{}\n\n</details>",
        body.trim_end()
    );
}

/// Paths up to this many hops are listed whole in the report; longer ones are shortened.
const LISTED_HOPS: usize = 16;

/// The installed bundles' fates under `resolver`, the first `limit` with their paths.
///
/// # Complexity
/// O(B + L × H) for B installed bundles, L = min(B, `limit`) listed and H ≤ 16 hops listed
/// per path.
fn fates_details(out: &mut String, p: &PackageReview, resolver: Resolver, limit: usize) {
    let counts: Vec<String> = FATES
        .iter()
        .map(|f| {
            let n = p
                .installed
                .iter()
                .filter(|b| b.outcome(resolver).status == *f)
                .count();
            (n, f)
        })
        .filter(|(n, _)| *n > 0)
        .map(|(n, f)| format!("{n} {}", f.as_str()))
        .collect();
    let mut body = String::from(
        "| bundle | channel | before | after | path or why |\n|---|---|---|---|---|\n",
    );
    for b in p.installed.iter().take(limit) {
        let o = b.outcome(resolver);
        let why = if (1..=LISTED_HOPS).contains(&o.hops) {
            let path = p.path(b, resolver);
            let hops: Vec<String> = path.iter().skip(1).map(|s| cell_code(s)).collect();
            format!("→ {}", hops.join(" → "))
        } else if let (Some(next), true) = (&o.next, o.hops > LISTED_HOPS) {
            let (next, end) = (cell_code(next), cell_code(&o.end));
            format!("→ {next} → … → {end} ({} hops)", o.hops)
        } else {
            o.note
                .as_deref()
                .map(|n| markdown_escape(&shorten(n, 300)))
                .unwrap_or_default()
        };
        let _ = writeln!(
            body,
            "| {} | {} | {} | {} | {why} |",
            cell_code(&b.bundle),
            cell_code(&b.channel),
            o.before.as_str(),
            o.status.as_str()
        );
    }
    more(&mut body, p.installed.len(), limit, "bundles");
    let summary = format!(
        "Installed bundles after the change, OLM {}: {}",
        resolver.as_str(),
        counts.join(", ")
    );
    details(out, &html_escape(&summary), &body);
}

fn bundles_details(out: &mut String, p: &PackageReview, limit: usize) {
    let (added, removed, modified) = (
        p.bundles_added.len(),
        p.bundles_removed.len(),
        p.bundles_modified.len(),
    );
    if added + removed + modified == 0 {
        return;
    }
    let mut body = String::new();
    for (title, items) in [("added", &p.bundles_added), ("removed", &p.bundles_removed)] {
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(body, "{title}:\n");
        for b in items.iter().take(limit) {
            let _ = writeln!(body, "- {}", code(b));
        }
        more(&mut body, items.len(), limit, "bundles");
        body.push('\n');
    }
    if modified > 0 {
        body.push_str("modified:\n\n");
        for b in p.bundles_modified.iter().take(limit) {
            let _ = writeln!(body, "- {}: {}", code(&b.bundle), b.fields.join(", "));
        }
        more(&mut body, modified, limit, "bundles");
    }
    let summary = format!("Bundles: {added} added, {removed} removed, {modified} modified");
    details(out, &summary, &body);
}

fn edges_details(out: &mut String, p: &PackageReview, limit: usize) {
    let (added, removed) = (p.edges_added.len(), p.edges_removed.len());
    if added + removed == 0 {
        return;
    }
    let mut body = String::from("| change | channel | from | to | kind |\n|---|---|---|---|---|\n");
    let all = p
        .edges_added
        .iter()
        .map(|e| ("added", e))
        .chain(p.edges_removed.iter().map(|e| ("removed", e)));
    for (change, e) in all.take(limit) {
        let _ = writeln!(
            body,
            "| {change} | {} | {} | {} | {} |",
            cell_code(&e.channel),
            cell_code(&e.from),
            cell_code(&e.to),
            e.kind.as_str()
        );
    }
    more(&mut body, added + removed, limit, "edges");
    details(
        out,
        &format!("Upgrade edges: {added} added, {removed} removed"),
        &body,
    );
}

fn findings_details(out: &mut String, f: &FindingChanges, limit: usize) {
    let mut body = String::from("| | severity | rule | where | message |\n|---|---|---|---|---|\n");
    let all = f
        .new
        .iter()
        .map(|d| ("new", d))
        .chain(f.fixed.iter().map(|d| ("fixed", d)));
    for (state, d) in all.take(limit) {
        let _ = writeln!(
            body,
            "| {state} | {} | {} | {} | {} |",
            d.severity,
            cell_code(&d.code),
            finding_place(d),
            markdown_escape(&d.message_with_fix())
        );
    }
    more(&mut body, f.new.len() + f.fixed.len(), limit, "findings");
    let summary = format!(
        "Lint findings: {} new, {} fixed",
        f.new.len(),
        f.fixed.len()
    );
    details(out, &summary, &body);
}

/// The file position and the object of a finding, as code spans.
fn finding_place(d: &Diagnostic) -> String {
    let mut parts = Vec::new();
    if let Some(l) = &d.location {
        parts.push(cell_code(&l.to_string()));
    }
    for (what, v) in [
        ("channel", &d.channel),
        ("bundle", &d.bundle),
        ("object", &d.name),
        ("field", &d.field),
    ] {
        if let Some(v) = v {
            parts.push(format!("{what} {}", cell_code(v)));
        }
    }
    parts.join(", ")
}

fn channel_details(out: &mut String, c: &ChannelPicture, drawing: Option<&MermaidDrawing>) {
    let count = |ch: Change| c.nodes.iter().filter(|n| n.change == ch).count();
    let stranded = c.nodes.iter().filter(|n| !n.stranded.is_empty()).count();
    let state = match c.change {
        Change::Added => "new channel",
        Change::Removed => "channel removed",
        Change::Kept => "changed",
    };
    let summary = format!(
        "Channel <code>{}</code> ({state}): {} added, {} removed, {stranded} stranded",
        html_escape(&c.channel),
        plural(count(Change::Added), "entry", "entries"),
        count(Change::Removed),
    );
    let body = match drawing {
        None => "_No graph here: the channel is too large for a Mermaid block, or the report for a comment; `olm-graph review --svg-dir DIR` draws it._".to_string(),
        Some(d) => {
            let scope = match d.scope {
                MermaidScope::Full if d.hidden_nodes > 0 => format!(
                    " {} unchanged names that are no entry of the channel (only named by skips or replaces) are left out, with their {} edges.",
                    d.hidden_nodes, d.hidden_edges
                ),
                MermaidScope::Full => String::new(),
                MermaidScope::ChangesOnly => format!(
                    " Only the changes are drawn: {} unchanged nodes and {} unchanged edges are left out.",
                    d.hidden_nodes, d.hidden_edges
                ),
            };
            format!(
                "Green: added; red, dashed: removed; red fill: stranded by the change; blue: head; yellow hexagon: a skipRange and how many bundles it matches.{scope}\n\n```mermaid\n{}```",
                d.text
            )
        }
    };
    details(out, &summary, &body);
}

/// `s` cut to at most `max` characters, with an ellipsis when cut.
fn shorten(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// An inline code span that shows `s` literally (outside tables: see [`cell_code`]).
pub fn code(s: &str) -> String {
    code_span(s, false)
}

/// An inline code span that shows `s` literally inside a table cell (GFM takes `\|` as a
/// literal `|` there, even in code spans).
pub fn cell_code(s: &str) -> String {
    code_span(s, true)
}

fn code_span(s: &str, in_table: bool) -> String {
    let flat: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut longest = 0;
    let mut run = 0;
    for c in flat.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let spaced = flat.starts_with(' ') && flat.ends_with(' ');
    let pad = if flat.starts_with('`') || flat.ends_with('`') || spaced || flat.is_empty() {
        " "
    } else {
        ""
    };
    let body = if in_table {
        flat.replace('|', "\\|")
    } else {
        flat
    };
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// `s` as literal Markdown text: ASCII punctuation backslash-escaped, line breaks as spaces.
pub fn markdown_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
            out.push(c);
        } else if c.is_control() {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// `s` as HTML text.
fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_hold_backticks_and_pipes() {
        assert_eq!(code("a.v1"), "`a.v1`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x`"), "`` `x` ``");
        assert_eq!(code("a|b\nc"), "`a|b c`");
        assert_eq!(cell_code("a|b"), "`a\\|b`");
    }

    #[test]
    fn text_is_inert() {
        assert_eq!(
            markdown_escape("<img src=x> *a* [l](u)"),
            "\\<img src\\=x\\> \\*a\\* \\[l\\]\\(u\\)"
        );
        assert_eq!(html_escape("<b>&\"'"), "&lt;b&gt;&amp;&quot;&#39;");
    }
}
